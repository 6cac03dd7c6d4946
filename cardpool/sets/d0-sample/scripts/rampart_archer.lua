-- 城壁の射手: ★ このカードは自軍エリアからスマッシュできる。（創作）
card:static { permit_own_area_smash = function(self, u) return u == self end }
