-- 守りの祠: ★ あなたのユニットは相手のカードの対象にならない。
card:static { applies_to = "own_units", untargetable = "opponent" }
