-- 兵士
card:static { power = function(self) return 1000 end
