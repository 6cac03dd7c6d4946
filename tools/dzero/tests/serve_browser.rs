//! `dzero serve` in a real browser: headless Chromium driven through chromedriver plays a whole
//! game against the AI by clicking (the first highlighted card and its first option, the
//! first target square, the choice dialog's first option, or the pass button) until the result
//! shows, saving screenshots under `target/screenshots/`. In CI (`CI=true`) a missing browser
//! fails the test; elsewhere it skips with a message.

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The AI opponent chosen in the lobby (one constant, so it can be switched).
const OPPONENT: &str = "greedy";
/// Clicks after which the game counts as endless.
const MAX_CLICKS: u32 = 6000;

/// A child process killed when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// chromedriver and chromium, or why the test cannot run.
fn browser() -> Result<(PathBuf, PathBuf), String> {
    let driver = PathBuf::from("/usr/bin/chromedriver");
    let chromium = PathBuf::from("/usr/bin/chromium");
    if driver.is_file() && chromium.is_file() {
        Ok((driver, chromium))
    } else {
        Err("chromium and chromedriver are not installed (apt-get install chromium chromium-driver)".into())
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `dzero serve` on the bundled sets at a free port; the page's URL.
fn serve() -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .arg("serve")
        .arg(repo().join("cardpool/sets"))
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("dzero serve starts");
    let out = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).expect("a line");
    let url = line
        .trim()
        .strip_prefix("serving the play table at ")
        .unwrap_or_else(|| panic!("dzero serve printed {line:?}"))
        .to_string();
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "binds 127.0.0.1 by default: {url}"
    );
    (Running(child), url)
}

async fn connect(driver: &Path, chromium: &Path, profile: &Path) -> (Running, Client) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Running(child);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1400,1000", format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let start = Instant::now();
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return (driver, c),
            Err(e) if start.elapsed() > Duration::from_secs(30) => {
                panic!("cannot start a browser session: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// The page's `data-` state: version, whether the seat decides, whether the game is over.
async fn page_state(c: &Client) -> (String, bool, bool) {
    let v = c
        .execute(
            "const d = document.body.dataset; return [d.version ?? '', d.decides === 'yes', d.over === 'yes'];",
            vec![],
        )
        .await
        .expect("the page answers");
    let a = v.as_array().expect("an array");
    (
        a[0].as_str().unwrap_or_default().to_string(),
        a[1].as_bool() == Some(true),
        a[2].as_bool() == Some(true),
    )
}

/// Clicks the first element matching `css`, if one is shown.
async fn click_first(c: &Client, css: &str) -> bool {
    match c.find_all(Locator::Css(css)).await {
        Ok(found) => {
            for e in found {
                if e.is_displayed().await.unwrap_or(false) {
                    return e.click().await.is_ok();
                }
            }
            false
        }
        Err(_) => false,
    }
}

/// Saves a screenshot of the page's top as `dir/name.png`.
async fn shoot(c: &Client, dir: &Path, name: &str) {
    c.execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("the page scrolls");
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot saved");
}

async fn error_text(c: &Client) -> Option<String> {
    let v: Value = c
        .execute(
            "const e = document.getElementById('error'); return e.hidden ? null : e.textContent;",
            vec![],
        )
        .await
        .ok()?;
    v.as_str().map(str::to_string)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_ai_by_clicking() {
    let (driver, chromium) = match browser() {
        Ok(found) => found,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the browser test must run in CI: {why}")
        }
        Err(why) => {
            eprintln!("skipping the browser test: {why}");
            return;
        }
    };
    let shots = repo().join("target/screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot folder");
    let profile = std::env::temp_dir().join(format!("dzero-chromium-{}", std::process::id()));
    let (_server, url) = serve();
    let (_driver, c) = connect(&driver, &chromium, &profile).await;

    c.goto(&url).await.expect("the page opens");
    c.wait()
        .for_element(Locator::Css("#start"))
        .await
        .expect("the lobby shows");
    c.execute(
        "document.getElementById('opponent').value = arguments[0]; \
         document.getElementById('seed').value = '7';",
        vec![json!(OPPONENT)],
    )
    .await
    .expect("lobby filled");
    shoot(&c, &shots, "lobby").await;
    c.find(Locator::Css("#start"))
        .await
        .expect("start button")
        .click()
        .await
        .expect("start clicked");

    let mut clicks = 0u32;
    let mut last = String::new();
    let started = Instant::now();
    loop {
        let (version, decides, over) = page_state(&c).await;
        if over {
            break;
        }
        if let Some(e) = error_text(&c).await {
            panic!("the page shows an error after {clicks} clicks: {e}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(900),
            "the game took too long"
        );
        if !decides || version == last {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        if clicks == 3 {
            shoot(&c, &shots, "table-start").await;
        }
        if clicks == 60 {
            shoot(&c, &shots, "table-mid").await;
        }
        if clicks > 0 && clicks.is_multiple_of(150) {
            shoot(&c, &shots, &format!("table-{clicks:04}")).await;
        }
        assert!(clicks < MAX_CLICKS, "no result after {clicks} clicks");
        clicks += 1;
        let acted = click_first(&c, "#choice-options button").await
            || (!clicks.is_multiple_of(3)
                && click_first(&c, ".card.can-act").await
                && (click_first(&c, ".square.target").await
                    || click_first(&c, "#options button").await))
            || click_first(&c, "#general button").await
            || click_first(&c, "#options button").await;
        assert!(
            acted,
            "version {version}: nothing to click although the seat decides"
        );
        last = version;
    }
    shoot(&c, &shots, "table-end").await;
    let result = c
        .find(Locator::Id("result"))
        .await
        .expect("the result element")
        .text()
        .await
        .expect("its text");
    assert!(
        ["Win(P1)", "Win(P2)", "Draw"].contains(&result.as_str()),
        "the result shows: {result:?}"
    );
    assert!(
        clicks > 10,
        "a whole game was clicked through ({clicks} clicks)"
    );
    c.close().await.expect("the browser closes");
    let _ = std::fs::remove_dir_all(&profile);
}
