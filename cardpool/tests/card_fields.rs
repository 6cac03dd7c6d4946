//! Fields that make no sense for a card's type are problems located at the field (R1.3, R17.7,
//! R17.8): power, smash and move costs of non-units, 加速 / 速攻 on non-units, an empty race.

mod one_file;

fn problems(cards: &str) -> Vec<String> {
    one_file::load_one("card-fields", "official", cards).1
}

#[test]
fn a_strategy_with_unit_fields_and_unit_keywords() {
    let p = problems(
        "[[card]]\nname = \"S\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\n\
         cost = \"赤1\"\npower = 3000\nmove_cost = \"無1\"\ntext = \"加速\"\n",
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("7:") && m.contains("only units have power")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("8:") && m.contains("only units have move_cost")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("9:") && m.contains("only units have the keyword 加速")),
        "{p:?}"
    );
}

#[test]
fn an_empty_race_is_a_problem() {
    let p = problems(
        "[[card]]\nname = \"U\"\ntype = \"unit\"\ncolours = [\"赤\"]\nrace = \"\"\ntiming = \"quick\"\n\
         cost = \"赤1\"\nmove_cost = \"無1\"\npower = 1000\nsmash = 1\n",
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("5:") && m.contains("the race is empty")),
        "{p:?}"
    );
}
