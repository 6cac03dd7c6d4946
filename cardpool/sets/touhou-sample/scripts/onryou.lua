-- 怨霊: 墓地効果『★ あなたのユニットのパワー+500。』
-- (The 墓地効果 line is in the card file: `墓地効果『★ lua:grudge』`.)
return { grudge = { applies_to = "own_units", power = 500 } }
