-- 呪縛の甲冑: ★ このカードが破壊される場合、かわりに持ち主のスマッシュゾーンに置く。
card:replace { event = "destroyed", instead = "smash" }
