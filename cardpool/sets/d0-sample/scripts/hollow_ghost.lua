-- 虚ろの亡霊: ★ このカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。
card:replace { event = "to_graveyard", applies_to = "self", instead = "remove" }
