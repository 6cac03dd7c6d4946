//! The real-browser harness of the `dzero serve` tests: `dzero serve` in a child process,
//! headless Chromium driven through chromedriver, screenshots under `target/screenshots/`. In
//! CI (`CI=true`) a missing browser fails the test; elsewhere it skips with a message.
#![allow(dead_code)] // each browser test uses part of the harness

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when the test ends, however it ends.
pub struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// chromedriver and chromium, or why the test cannot run.
pub fn browser() -> Result<(PathBuf, PathBuf), String> {
    let driver = PathBuf::from("/usr/bin/chromedriver");
    let chromium = PathBuf::from("/usr/bin/chromium");
    if driver.is_file() && chromium.is_file() {
        Ok((driver, chromium))
    } else {
        Err("chromium and chromedriver are not installed (apt-get install chromium chromium-driver)".into())
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `dzero serve` on the bundled sets at a free port; the page's URL.
pub fn serve() -> (Running, String) {
    serve_sets(&[repo().join("cardpool/sets")])
}

/// `dzero serve` on `sets` at a free port; the page's URL.
pub fn serve_sets(sets: &[PathBuf]) -> (Running, String) {
    serve_with(sets, &[])
}

/// `dzero serve` on `sets` at a free port with more arguments (`--rules NAME`); the page's URL.
pub fn serve_with(sets: &[PathBuf], args: &[&str]) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .arg("serve")
        .args(sets)
        .args(args)
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

pub async fn connect(driver: &Path, chromium: &Path, profile: &Path) -> (Running, Client) {
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
pub async fn page_state(c: &Client) -> (String, bool, bool) {
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
pub async fn click_first(c: &Client, css: &str) -> bool {
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
pub async fn shoot(c: &Client, dir: &Path, name: &str) {
    c.execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("the page scrolls");
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot saved");
}

/// Whether the page shows an announcement in progress.
pub async fn announcing(c: &Client) -> bool {
    c.execute("return document.body.dataset.announcing === 'yes';", vec![])
        .await
        .is_ok_and(|v| v.as_bool() == Some(true))
}

/// Takes one decision by clicking, the `n`-th of the game: the choice dialog's first option;
/// during an announcement its next piece — a lit square, else a button of its bar but Cancel
/// (automatic payment, X, done), else a highlighted card (a target, a cost or paying card),
/// Cancel last; else, two times in three, the first highlighted card (announced at once, or
/// its menu's first use); else the first general button (pass, end). Whether anything was
/// clicked.
pub async fn click_decision(c: &Client, n: u32) -> bool {
    if click_first(c, "#choice-options button").await {
        return true;
    }
    if announcing(c).await {
        return click_first(c, ".square.target").await
            || click_first(c, "#pick button:not(.cancel)").await
            || click_first(c, ".card.can-act").await
            || click_first(c, "#cancel").await;
    }
    if !n.is_multiple_of(3) && click_first(c, ".card.can-act").await {
        // A card with one use is announced by the click; one with several opens its menu.
        click_first(c, "#menu button").await;
        return true;
    }
    click_first(c, "#general button").await
}

/// The text of the page's error box, if it shows.
pub async fn error_text(c: &Client) -> Option<String> {
    let v: Value = c
        .execute(
            "const e = document.getElementById('error'); return e.hidden ? null : e.textContent;",
            vec![],
        )
        .await
        .ok()?;
    v.as_str().map(str::to_string)
}

/// How long a browser test waits for the page to show something.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Runs `js` (a function body, given `args`) in the page until `ok` holds for what it returns;
/// that value. Fails after [`PATIENCE`], naming `what`, or at once when the page shows an
/// error.
pub async fn wait_until(
    c: &Client,
    what: &str,
    js: &str,
    args: Vec<Value>,
    ok: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let v = c.execute(js, args.clone()).await.expect("the page answers");
        if ok(&v) {
            return v;
        }
        if let Some(e) = error_text(c).await {
            panic!("waiting for {what}, the page shows an error: {e}");
        }
        assert!(
            start.elapsed() < PATIENCE,
            "waited a minute for {what}: last {v}"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// The text of the element with the id `id` (it must be there).
pub async fn text_of(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .text()
        .await
        .unwrap_or_else(|e| panic!("#{id} has no text: {e}"))
}

/// Clicks the element matching `css` (it must be there). A page that is still laying out (after
/// a resize, say) may refuse the click for a moment; it is tried again for up to [`PATIENCE`].
pub async fn click(c: &Client, css: &str) {
    let start = Instant::now();
    loop {
        let found = c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        match found.click().await {
            Ok(()) => return,
            Err(e) if start.elapsed() >= PATIENCE => panic!("{css} cannot be clicked: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Opens the lobby at `url` and chooses `opponent` and `seed` (the first two decks stay).
pub async fn lobby(c: &Client, url: &str, opponent: &str, seed: u64) {
    c.goto(url).await.expect("the page opens");
    c.wait()
        .for_element(Locator::Css("#start"))
        .await
        .expect("the lobby shows");
    // The lobby is hidden until the server has sent its decks and players; filled before, the
    // choices would be overwritten and the start button could not be clicked.
    wait_until(
        c,
        "the lobby's decks and players",
        "const l = document.getElementById('lobby'); \
         return !l.hidden && document.getElementById('deck1').options.length > 0 \
             && document.getElementById('opponent').options.length > 0;",
        vec![],
        |v| v.as_bool() == Some(true),
    )
    .await;
    c.execute(
        "document.getElementById('opponent').value = arguments[0]; \
         document.getElementById('seed').value = String(arguments[1]);",
        vec![json!(opponent), json!(seed)],
    )
    .await
    .expect("lobby filled");
}

/// A browser session on a fresh profile, or `None` (with a message) when no browser is
/// installed outside CI; in CI a missing browser fails the test.
pub async fn open() -> Option<Browser> {
    let (driver, chromium) = match browser() {
        Ok(found) => found,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the browser test must run in CI: {why}")
        }
        Err(why) => {
            eprintln!("skipping the browser test: {why}");
            return None;
        }
    };
    let shots = repo().join("target/screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot folder");
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let profile = std::env::temp_dir().join(format!(
        "dzero-chromium-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let (driver, client) = connect(&driver, &chromium, &profile).await;
    Some(Browser {
        client,
        shots,
        profile,
        _driver: driver,
    })
}

/// A browser session: the WebDriver client, where screenshots go, its profile folder.
pub struct Browser {
    /// The WebDriver client.
    pub client: Client,
    /// `target/screenshots`.
    pub shots: PathBuf,
    profile: PathBuf,
    _driver: Running,
}

impl Browser {
    /// Saves a screenshot of the page's top as `target/screenshots/NAME.png`.
    pub async fn shoot(&self, name: &str) {
        shoot(&self.client, &self.shots, name).await;
    }

    /// Closes the browser and removes its profile.
    pub async fn close(self) {
        self.client
            .clone()
            .close()
            .await
            .expect("the browser closes");
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
