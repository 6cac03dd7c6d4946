-- 守りの祠: ★ あなたのユニットは相手のカードの対象にならない。
card:static { line = 1, applies_to = "own_units", untargetable = "opponent" }
