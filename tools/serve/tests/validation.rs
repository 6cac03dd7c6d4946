//! The validation page's protocol: `validate` answers with `dzero validate`'s counts and
//! problems for the served sets only, files named relative to their set folder.

mod common;

use common::{Client, sets, start, start_with};
use dzero_serve::protocol::ServerMsg;
use dzero_serve::validation::{CardCounts, Validation};

/// The validate message.
const VALIDATE: &str = r#"{"kind":"validate"}"#;

/// Connects, skips the lobby, sends `validate`; the reply and its JSON text.
async fn validate(url: &str) -> (Validation, String) {
    let mut c = Client::connect(url).await;
    let ServerMsg::Lobby { .. } = c.recv().await else {
        panic!("the lobby comes first");
    };
    c.send(VALIDATE).await;
    match c.recv().await {
        ServerMsg::Validation(v) => (v, c.traffic.last().unwrap().clone()),
        other => panic!("expected the validation, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bundled_sets_validate_with_the_clis_counts_and_no_problem() {
    let (_server, url) = start().await;
    let (v, _) = validate(&url).await;
    let report = dzero_cardpool::validate(&[sets()]);
    assert!(report.problems.is_empty());
    let expected: Vec<(String, Option<CardCounts>)> = report
        .written
        .iter()
        .map(|w| {
            (
                w.set.clone(),
                Some(CardCounts {
                    cards: w.cards,
                    text_only: w.text_only,
                    lua: w.lua,
                    vanilla: w.vanilla,
                }),
            )
        })
        .collect();
    let got: Vec<(String, Option<CardCounts>)> = v
        .sets
        .iter()
        .map(|s| (s.id.clone(), s.counts.clone()))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(
        got.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(),
        ["d0-sample", "dimensions-sample", "touhou-sample"]
    );
    assert!(v.sets.iter().all(|s| s.problems.is_empty()));
    assert!(v.elsewhere.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_card_file_is_named_relative_to_its_set_until_it_is_fixed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("d0-sample");
    dzero_fixtures::copy_dir(&sets().join("d0-sample"), &dir).unwrap();
    let (_server, url) = start_with(std::slice::from_ref(&dir)).await;

    let file = dir.join("cards/invented.toml");
    let good = std::fs::read_to_string(&file).unwrap();
    let line = r#"text = "◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。""#;
    let bad = good.replacen(line, &line.replace("引く", "弾く"), 1);
    assert_ne!(bad, good);
    std::fs::write(&file, &bad).unwrap();
    let (v, text) = validate(&url).await;
    assert_eq!(v.sets.len(), 1);
    let set = &v.sets[0];
    assert_eq!(set.id, "d0-sample");
    assert_eq!(set.problems.len(), 1, "{:?}", set.problems);
    let p = &set.problems[0];
    assert_eq!(p.file, "cards/invented.toml");
    let at = bad.lines().position(|l| l.contains("1枚弾く")).unwrap();
    let bad_line = bad.lines().nth(at).unwrap();
    let col = bad_line.split("1枚弾く").next().unwrap().chars().count() + 2;
    assert_eq!((p.line, p.col), (at + 1, col), "at 枚 of 1枚弾く");
    assert_eq!(p.card.as_deref(), Some("コロボックルの斥候"));
    assert_eq!(p.message, "expected 枚引く after '1'");
    assert!(
        p.snippet
            .contains(&format!("[cards/invented.toml:{}:{col}]", at + 1)),
        "{}",
        p.snippet
    );
    assert!(
        p.snippet.contains("help: did you mean '枚引く'?"),
        "{}",
        p.snippet
    );
    assert!(p.snippet.contains("カードを1枚弾く"), "{}", p.snippet);
    assert!(v.elsewhere.is_empty());
    let root = tmp.path().to_str().unwrap();
    assert!(!text.contains(root), "{text}");
    assert!(!text.contains(sets().to_str().unwrap()), "{text}");

    std::fs::write(&file, &good).unwrap();
    let (v, _) = validate(&url).await;
    assert_eq!(v.sets.len(), 1);
    assert!(v.sets[0].problems.is_empty(), "{:?}", v.sets[0].problems);
    assert!(v.sets[0].counts.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_validate_message_naming_a_path_is_refused() {
    let (_server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let ServerMsg::Lobby { .. } = c.recv().await else {
        panic!("the lobby comes first");
    };
    c.send(r#"{"kind":"validate","path":"/etc"}"#).await;
    assert_eq!(
        c.error().await,
        "bad message: unknown field `path`, there are no fields"
    );
}
