-- 十六夜 咲夜: ☆ このカードはバトルタイミングでもプレイできる。（創作）
card:play_method { name = "バトルタイミングでプレイ", timing = "battle" }
