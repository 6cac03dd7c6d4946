-- 博麗 霊夢: ★このカードは相手のカードの対象にならない。
-- ●[白1 このカードをフリーズする]《クイック》あなたはバトルスペースにある対象のユニットを1枚選び、フリーズする。
-- (The ● line is in the card file: `● [白1 フリーズ]《クイック》 lua:freeze_target`.)
card:static { untargetable = "opponent" }

return {
  freeze_target = { target = target.unit(), resolve = function(g, e) g:freeze(e.target) end },
}
