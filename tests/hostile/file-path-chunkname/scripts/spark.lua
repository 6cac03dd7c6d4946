card:on_play { line = 1, target = target.unit(), resolve = function(g, e)
  error("../../../../../../../../etc/passwd:1: boom", 0)
end }
