-- 跳ね馬の騎士: ★ このカードは斜めに移動できる。（創作）
card:static { permit_diagonal_move = function(self, u) return u == self end }
