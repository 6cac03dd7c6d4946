-- 大樹の砦: ★ このベースと同じラインにあるあなたのユニットのパワー+1000。
card:static { applies_to = "line_units", power = 1000 }
