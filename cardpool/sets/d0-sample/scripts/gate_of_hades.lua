-- 冥府の門: ★ 相手のカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。
card:replace { applies_to = "opponent", instead = "remove" }
