-- 小さなカマキリ: ★ 中央エリアのスクエアにある限りパワー+1000、敵軍エリアのスクエアにある限りパワー+2000。
card:static { line = 1, power = function(self) return ({centre = 1000, enemy = 2000})[self.area] or 0 end }
