//! A small pool of JavaScript engines (QuickJS, through rquickjs) that run the site's server
//! bundle, each on its own thread: the async runtime only sends a job and awaits its answer.
//!
//! Every engine evaluates the bundle once, at start, and then renders one page at a time; the
//! markup pieces a render keeps are shared by all of them (`shared_markup`). A render that runs
//! past its deadline is interrupted by the engine itself; an engine that was interrupted, ran
//! out of memory or failed to start is rebuilt before its next job. Cyclic garbage is
//! collected between renders, after the answer has gone, every few renders. A job goes to the
//! engine free last (its heap still in the CPU's caches), else it waits in a bounded queue:
//! when that is full a request is told at once (and gets the plain shell).
//!
//! An engine's first render of a page takes two to five times its usual time (the code runs
//! for the first time, the heap grows, the shared pieces are made). `warm_up` has every
//! engine render a set of pages once, between jobs, so no visitor pays that.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use prometheus_client::metrics::histogram::Histogram;
use rquickjs::{Context, Function, Runtime};
use serde::Deserialize;
use tokio::sync::oneshot;

use super::shared_markup::MarkupStore;

/// What one render produced. `corpsiteRender` answers a line of JSON with the head and the
/// errors, then the page's markup as it is: the markup, most of the answer, is neither
/// escaped into JSON by the engine nor unescaped here.
#[derive(Debug)]
pub struct Rendered {
    /// The head's tags: title, description, canonical, link previews, JSON-LD.
    pub head: String,
    /// The markup inside `#root`.
    pub html: String,
    /// What the page logged with console.error while rendering.
    pub errors: Vec<String>,
}

#[derive(Deserialize)]
struct RenderedHead {
    head: String,
    #[serde(default)]
    errors: Vec<String>,
}

impl Rendered {
    /// `answer` as `corpsiteRender` wrote it (JSON.stringify never writes a raw line break,
    /// so the first one ends the JSON).
    fn parse(mut answer: String) -> Result<Rendered, RenderError> {
        let Some(end) = answer.find('\n') else {
            return Err(RenderError::Answer(serde::de::Error::custom(
                "no line break after the head's JSON",
            )));
        };
        let head: RenderedHead = serde_json::from_str(&answer[..end])?;
        let html = answer.split_off(end + 1);
        Ok(Rendered {
            head: head.head,
            html,
            errors: head.errors,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the render queue is full")]
    Busy,
    #[error("no answer within {0:?}")]
    TimedOut(Duration),
    #[error("the render engine stopped")]
    Stopped,
    #[error("the render engine could not start: {0}")]
    Start(String),
    #[error("the page's render threw: {0}")]
    Script(String),
    #[error("the render's answer is not what was expected: {0}")]
    Answer(#[from] serde_json::Error),
}

struct Job {
    /// A function the script put on `globalThis`, taking and returning a string.
    function: &'static str,
    input: String,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

/// The script's render function: the page's JSON request in, `Rendered` out.
const RENDER: &str = "corpsiteRender";

/// What an engine does next.
enum Task {
    Job(Job),
    /// A render for the warm-up, whose answer nobody waits for.
    WarmUp(String),
}

/// The pages every engine renders once, between jobs (`RenderPool::warm_up`).
struct WarmUp {
    /// Moves with every new set: an engine renders each set once.
    generation: u64,
    inputs: Arc<[String]>,
}

/// How far one engine got with the warm-up.
#[derive(Default)]
struct Warmed {
    generation: u64,
    rendered: usize,
}

/// Renders between two runs of the cycle collector. A run walks the whole heap: the bundle's
/// code and content, about 2,000 objects, and the few cycles each render leaves (some 25 KB;
/// a page's own tree is freed as the render returns, `ui/src/app/server-options.ts`), 0.6 to
/// 1 ms. Every 8th render costs a render a tenth of a run, for a heap at most a few hundred KB
/// larger. (When every page's tree stayed for the collector, 10,000 objects and more, a run
/// took 2.5 to 4 ms: on two cores it slowed the next page on the other engine by as much.)
const COLLECT_EVERY: u32 = 8;

/// Limits of one engine.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Engines (threads); each holds the bundle in memory.
    pub engines: usize,
    /// Jobs waiting beyond those being rendered.
    pub queue: usize,
    /// A render is interrupted after this long.
    pub deadline: Duration,
    /// Heap of one engine.
    pub memory_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            engines: 2,
            queue: 64,
            deadline: Duration::from_secs(1),
            memory_bytes: 48 << 20,
        }
    }
}

pub struct RenderPool {
    dispatch: Arc<Dispatch>,
    deadline: Duration,
}

/// Which engines are free and which jobs wait, under one lock: a job never waits while an
/// engine idles.
struct Dispatch {
    state: Mutex<DispatchState>,
    queue_limit: usize,
}

#[derive(Default)]
struct DispatchState {
    /// Free engines, each waiting on its own channel; the one free last is on top. It takes
    /// the next job: with jobs one after another, engines taking turns would each find their
    /// heap gone from the caches (about a tenth of a render). `None` on the channel wakes an
    /// engine to look at the state again (a new warm-up).
    idle: Vec<SyncSender<Option<Job>>>,
    /// Jobs that came while every engine was busy, oldest first.
    waiting: VecDeque<Job>,
    /// The latest warm-up, if any.
    warm_up: Option<WarmUp>,
    /// The pool is gone: engines stop.
    closed: bool,
}

impl Dispatch {
    fn lock(&self) -> MutexGuard<'_, DispatchState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An engine's next task: a waiting job, else the next page of a warm-up it has not
    /// rendered, else the next job sent to it once it is on the idle stack. None once the
    /// pool is gone.
    fn next_task(&self, warmed: &mut Warmed) -> Option<Task> {
        loop {
            let (free, sent) = mpsc::sync_channel(1);
            {
                let mut state = self.lock();
                if state.closed {
                    return None;
                }
                if let Some(job) = state.waiting.pop_front() {
                    return Some(Task::Job(job));
                }
                if let Some(warm_up) = &state.warm_up {
                    if warmed.generation != warm_up.generation {
                        *warmed = Warmed {
                            generation: warm_up.generation,
                            rendered: 0,
                        };
                    }
                    if let Some(input) = warm_up.inputs.get(warmed.rendered) {
                        warmed.rendered += 1;
                        return Some(Task::WarmUp(input.clone()));
                    }
                }
                state.idle.push(free);
            }
            // Dropping the idle stack (the pool is gone) ends the wait.
            match sent.recv() {
                Ok(Some(job)) => return Some(Task::Job(job)),
                Ok(None) => continue,
                Err(_) => return None,
            }
        }
    }
}

impl RenderPool {
    /// Starts `limits.engines` threads, each evaluating `script` (which must set
    /// `globalThis.corpsiteRender`). Engines start in the background; early jobs wait for them.
    /// `renders` gets the time of each page render.
    pub fn start(script: Arc<str>, limits: Limits, renders: Histogram) -> RenderPool {
        let dispatch = Arc::new(Dispatch {
            state: Mutex::new(DispatchState::default()),
            queue_limit: limits.queue.max(1),
        });
        let markup = Arc::new(MarkupStore::default());
        for index in 0..limits.engines.max(1) {
            let dispatch = Arc::clone(&dispatch);
            let script = Arc::clone(&script);
            let markup = Arc::clone(&markup);
            let renders = renders.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("render-{index}"))
                // QuickJS keeps its own stack limit (1 MiB, below); the thread has room above it.
                .stack_size(4 << 20)
                .spawn(move || work(&dispatch, &script, &markup, limits, &renders));
            if let Err(err) = spawned {
                tracing::error!(error = %err, "could not start a render thread");
            }
        }
        RenderPool {
            dispatch,
            deadline: limits.deadline,
        }
    }

    /// Has every engine render each of `inputs` once (as `render` would, the answers dropped),
    /// whenever it has no job waiting; an engine that starts later does too. The set replaces
    /// any earlier one: an engine still warming up goes on with this one.
    pub fn warm_up(&self, inputs: Vec<String>) {
        let mut state = self.dispatch.lock();
        let generation = state.warm_up.as_ref().map_or(0, |w| w.generation) + 1;
        state.warm_up = Some(WarmUp {
            generation,
            inputs: inputs.into(),
        });
        for engine in state.idle.drain(..) {
            // A free engine's channel is empty; one whose thread has ended is gone anyway.
            let _ = engine.try_send(None);
        }
    }

    /// Renders `input` (the JSON `corpsiteRender` takes) on an engine thread.
    pub async fn render(&self, input: String) -> Result<Rendered, RenderError> {
        Rendered::parse(self.call(RENDER, input).await?)
    }

    /// Calls `globalThis[function](input)` on an engine thread.
    pub async fn call(&self, function: &'static str, input: String) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        let mut job = Job {
            function,
            input,
            reply,
        };
        {
            let mut state = self.dispatch.lock();
            loop {
                let Some(engine) = state.idle.pop() else {
                    if state.waiting.len() >= self.dispatch.queue_limit {
                        return Err(RenderError::Busy);
                    }
                    state.waiting.push_back(job);
                    break;
                };
                // An engine whose thread has ended gives the job back: the next one is asked.
                match engine.try_send(Some(job)) {
                    Ok(()) => break,
                    // What comes back is what was sent: the job.
                    Err(
                        mpsc::TrySendError::Full(back) | mpsc::TrySendError::Disconnected(back),
                    ) => job = back.ok_or(RenderError::Stopped)?,
                }
            }
        }
        // The engine interrupts itself at the deadline; this bound also covers the wait in the
        // queue and an engine still starting.
        let bound = self.deadline * 3;
        match tokio::time::timeout(bound, answer).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(RenderError::Stopped),
            Err(_) => Err(RenderError::TimedOut(bound)),
        }
    }
}

impl Drop for RenderPool {
    fn drop(&mut self) {
        let mut state = self.dispatch.lock();
        state.closed = true;
        // Free engines stop waiting; jobs still queued are answered `Stopped` by their drop.
        state.idle.clear();
        state.waiting.clear();
    }
}

/// One engine: a runtime with the bundle evaluated and its render function at hand.
struct Engine {
    context: Context,
    /// Milliseconds since `epoch` at which the current render must stop (0: none).
    stop_at: Arc<AtomicU64>,
    epoch: Instant,
    /// Interrupted or out of memory: not trusted with another render.
    spoiled: bool,
    /// Renders since the cycle collector last ran.
    uncollected: u32,
}

impl Engine {
    fn start(
        script: &str,
        markup: &Arc<MarkupStore>,
        limits: Limits,
    ) -> Result<Engine, RenderError> {
        let start_error = |err: rquickjs::Error| RenderError::Start(err.to_string());
        let runtime = Runtime::new().map_err(start_error)?;
        runtime.set_memory_limit(limits.memory_bytes);
        // QuickJS frees most garbage by reference counting; its cycle collector (a page's
        // component tree is full of cycles) would otherwise run every 256 KB, several times
        // inside each render. It runs between renders instead (`collect`, every `COLLECT_EVERY`),
        // and within one only past a quarter of the heap.
        runtime.set_gc_threshold(limits.memory_bytes / 4);
        runtime.set_max_stack_size(1 << 20);
        let stop_at = Arc::new(AtomicU64::new(0));
        let epoch = Instant::now();
        let watched = Arc::clone(&stop_at);
        runtime.set_interrupt_handler(Some(Box::new(move || {
            let stop = watched.load(Ordering::Relaxed);
            stop != 0 && epoch.elapsed().as_millis() as u64 >= stop
        })));
        let context = Context::full(&runtime).map_err(start_error)?;
        context.with(|ctx| {
            markup
                .install(&ctx)
                .map_err(|err| RenderError::Start(describe(&ctx, err)))?;
            ctx.eval::<(), _>(script)
                .map_err(|err| RenderError::Start(describe(&ctx, err)))?;
            let render: Result<Function, _> = ctx.globals().get(RENDER);
            render
                .map(|_| ())
                .map_err(|err| RenderError::Start(describe(&ctx, err)))
        })?;
        Ok(Engine {
            context,
            stop_at,
            epoch,
            spoiled: false,
            uncollected: 0,
        })
    }

    fn call(
        &mut self,
        function: &str,
        input: String,
        deadline: Duration,
    ) -> Result<String, RenderError> {
        let stop = self.epoch.elapsed() + deadline;
        self.stop_at
            .store((stop.as_millis() as u64).max(1), Ordering::Relaxed);
        let answer = self.context.with(|ctx| {
            let render: Function = ctx
                .globals()
                .get(function)
                .map_err(|err| RenderError::Script(describe(&ctx, err)))?;
            render
                .call::<_, String>((input,))
                .map_err(|err| RenderError::Script(describe(&ctx, err)))
        });
        self.stop_at.store(0, Ordering::Relaxed);
        // A render that threw, was interrupted or ran out of memory may have left half-made
        // state behind: the next job gets a fresh engine.
        self.spoiled = answer.is_err();
        answer
    }

    /// Collects the cyclic garbage of the last renders, once the answer has gone: after every
    /// `COLLECT_EVERY`th render.
    fn collect(&mut self) {
        self.uncollected += 1;
        if self.uncollected >= COLLECT_EVERY {
            self.uncollected = 0;
            self.context.runtime().run_gc();
        }
    }
}

/// Calls `function` with each of `inputs` in turn on an engine of its own, started for them
/// on a thread of its own and dropped after: for what the bundle answers once per process
/// (the page editor's defaults, `page_defaults`), never a visitor's page.
pub fn call_each(
    script: Arc<str>,
    function: &'static str,
    inputs: Vec<String>,
) -> Result<Vec<String>, RenderError> {
    let asked = std::thread::Builder::new()
        .name("render-once".into())
        // As the pool's threads: QuickJS keeps its own 1 MiB stack limit below this.
        .stack_size(4 << 20)
        .spawn(move || {
            let limits = Limits::default();
            let mut engine = Engine::start(&script, &Arc::new(MarkupStore::default()), limits)?;
            inputs
                .into_iter()
                .map(|input| engine.call(function, input, limits.deadline))
                .collect()
        })
        .map_err(|err| RenderError::Start(err.to_string()))?;
    asked.join().map_err(|_| RenderError::Stopped)?
}

fn describe(ctx: &rquickjs::Ctx<'_>, err: rquickjs::Error) -> String {
    if matches!(err, rquickjs::Error::Exception) {
        let caught = ctx.catch();
        if let Some(exception) = caught.as_exception() {
            return format!(
                "{}{}",
                exception.message().unwrap_or_default(),
                exception
                    .stack()
                    .map(|stack| format!("\n{stack}"))
                    .unwrap_or_default()
            );
        }
        return format!("{caught:?}");
    }
    err.to_string()
}

fn work(
    dispatch: &Dispatch,
    script: &str,
    markup: &Arc<MarkupStore>,
    limits: Limits,
    renders: &Histogram,
) {
    let mut engine = match Engine::start(script, markup, limits) {
        Ok(engine) => Some(engine),
        Err(err) => {
            tracing::error!(error = %err, "a render engine could not start; pages get the plain shell");
            None
        }
    };
    let mut warmed = Warmed::default();
    while let Some(task) = dispatch.next_task(&mut warmed) {
        if engine.as_ref().is_none_or(|e| e.spoiled) {
            engine = match Engine::start(script, markup, limits) {
                Ok(started) => Some(started),
                Err(err) => {
                    if let Task::Job(job) = task {
                        let _ = job.reply.send(Err(err));
                    }
                    continue;
                }
            };
        }
        let Some(current) = engine.as_mut() else {
            continue;
        };
        match task {
            Task::Job(job) => {
                let started = Instant::now();
                let result = current.call(job.function, job.input, limits.deadline);
                if job.function == RENDER {
                    renders.observe(started.elapsed().as_secs_f64());
                }
                let _ = job.reply.send(result);
            }
            Task::WarmUp(input) => {
                // The same page for a visitor would log what went wrong.
                if let Err(err) = current.call(RENDER, input, limits.deadline) {
                    tracing::debug!(error = %err, "a warm-up render failed");
                }
            }
        }
        if !current.spoiled {
            current.collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pool of `engines` running `script`, with room for `queue` waiting jobs.
    fn pool(script: &str, engines: usize, queue: usize) -> RenderPool {
        let limits = Limits {
            engines,
            queue,
            ..Limits::default()
        };
        RenderPool::start(script.into(), limits, Histogram::new([0.001]))
    }

    /// A script whose render asks the shared store for a piece and keeps it on a miss.
    const SCRIPT: &str = r#"
        globalThis.corpsiteRender = (input) => {
            let html = corpsiteMarkup.get("frame");
            if (html === undefined) {
                html = "made by " + input;
                corpsiteMarkup.put("frame", html);
            }
            return JSON.stringify({ head: "" }) + "\n" + html;
        };
    "#;

    #[tokio::test]
    async fn every_engine_of_the_pool_finds_the_pieces_another_kept() {
        let pool = pool(SCRIPT, 3, Limits::default().queue);
        pool.render("render 0".into()).await.expect("rendered");
        let renders = (1..24).map(|n| pool.render(format!("render {n}")));
        let answers = futures_util::future::join_all(renders).await;
        let made: std::collections::HashSet<String> = answers
            .into_iter()
            .map(|answer| answer.expect("rendered").html)
            .collect();
        // The first render made the piece; every engine found it in the store.
        assert_eq!(
            made.into_iter().collect::<Vec<_>>(),
            ["made by render 0"],
            "from the store"
        );
    }

    #[test]
    fn an_answer_is_a_line_of_json_then_the_markup_as_it_is() {
        let rendered = Rendered::parse(
            "{\"head\":\"<title>T</title>\",\"errors\":[\"x\"]}\n<pre>a\nb \"c\"</pre>".into(),
        )
        .expect("parsed");
        assert_eq!(rendered.head, "<title>T</title>");
        assert_eq!(rendered.errors, ["x"]);
        assert_eq!(rendered.html, "<pre>a\nb \"c\"</pre>");
        assert!(Rendered::parse("{\"head\":\"\"}".into()).is_err());
        assert!(Rendered::parse("<p>no head</p>\n".into()).is_err());
    }

    /// A script that answers which engine ran it.
    const WHO: &str = r#"
        const engine = String(Math.random());
        globalThis.corpsiteRender = () => JSON.stringify({ head: "" }) + "\n" + engine;
        globalThis.slowly = (ms) => {
            const end = Date.now() + Number(ms);
            while (Date.now() < end) {}
            return engine;
        };
    "#;

    #[tokio::test]
    async fn jobs_one_after_another_go_to_the_engine_free_last() {
        let pool = pool(WHO, 3, Limits::default().queue);
        // Jobs at once spread over every engine (and every engine has started).
        let at_once = (0..3).map(|_| pool.call("slowly", "200".into()));
        let answers = futures_util::future::join_all(at_once).await;
        let busy: std::collections::HashSet<String> = answers
            .into_iter()
            .map(|answer| answer.expect("answered"))
            .collect();
        assert_eq!(busy.len(), 3, "{busy:?}");
        // Every engine is free again. One after another (each once the engine is back from the
        // last, as with requests from one client), they all go to one engine.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut engines = std::collections::HashSet::new();
        for _ in 0..12 {
            engines.insert(pool.render(String::new()).await.expect("rendered").html);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(engines.len(), 1, "{engines:?}");
    }

    /// A script that counts its engine's renders; rendering "slow" takes 50 ms.
    const COUNTING: &str = r#"
        let renders = 0;
        const wait = (ms) => {
            const end = Date.now() + ms;
            while (Date.now() < end) {}
        };
        globalThis.corpsiteRender = (input) => {
            renders += 1;
            if (input === "slow") wait(50);
            return JSON.stringify({ head: "" }) + "\n" + renders;
        };
        globalThis.slowly = (ms) => {
            wait(Number(ms));
            return String(renders);
        };
    "#;

    /// What each of two engines says at once (each busy while the other is asked).
    async fn both_engines(pool: &RenderPool) -> Vec<String> {
        let at_once = (0..2).map(|_| pool.call("slowly", "100".into()));
        let mut answers: Vec<String> = futures_util::future::join_all(at_once)
            .await
            .into_iter()
            .map(|answer| answer.expect("answered"))
            .collect();
        answers.sort();
        answers
    }

    #[tokio::test]
    async fn every_engine_renders_each_page_of_a_warm_up_once() {
        let pool = pool(COUNTING, 2, Limits::default().queue);
        pool.warm_up(vec!["/".into(), "/blogs".into(), "/contact".into()]);
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut counts = both_engines(&pool).await;
        while counts != ["3", "3"] && Instant::now() < deadline {
            counts = both_engines(&pool).await;
        }
        assert_eq!(counts, ["3", "3"], "three renders on each engine");
        // A new set is rendered too, once; the old one is not again.
        pool.warm_up(vec!["/".into(), "/why-us".into()]);
        while counts != ["5", "5"] && Instant::now() < deadline {
            counts = both_engines(&pool).await;
        }
        assert_eq!(counts, ["5", "5"]);
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(both_engines(&pool).await, ["5", "5"]);
    }

    #[tokio::test]
    async fn a_visitors_page_goes_before_the_rest_of_a_warm_up() {
        let pool = pool(COUNTING, 1, Limits::default().queue);
        pool.render(String::new())
            .await
            .expect("the engine started");
        pool.warm_up(vec!["slow".to_owned(); 20]);
        tokio::time::sleep(Duration::from_millis(10)).await; // the first warm-up render is on
        let rendered = pool.render(String::new()).await.expect("rendered").html;
        // The engine's first render, the one warm-up render it was in (if it was), then this
        // one: not after the twenty.
        let renders: u32 = rendered.parse().expect("a count");
        assert!(renders <= 3, "{renders} renders before it");
    }

    /// The objects alive in `engine` once its cycle collector has run.
    fn live_objects(engine: &Engine) -> i64 {
        let runtime = engine.context.runtime();
        runtime.run_gc();
        runtime.memory_usage().obj_count
    }

    #[test]
    fn the_engine_keeps_nothing_of_a_page_once_it_is_rendered() {
        let markup = Arc::new(MarkupStore::default());
        let mut engine = Engine::start(crate::render::SERVER_SCRIPT, &markup, Limits::default())
            .expect("started");
        let render = |engine: &mut Engine, url: &str| {
            let input = format!(
                r#"{{"url":"{url}","origin":"http://test","apiBase":"/api","mediaBase":"/media","siteGeneration":null,"contentVersion":null,"data":{{"lists":[],"blogs":[]}}}}"#
            );
            let answer = engine.call(RENDER, input, Duration::from_secs(5));
            assert!(answer.expect("rendered").contains("<h1"));
        };
        // What the bundle keeps for every page (its memos, the site's frame) is made first.
        render(&mut engine, "/");
        let before = live_objects(&engine);
        let pages = [
            "/why-us",
            "/blogs",
            "/contact",
            "/join_us",
            "/about/our_vision",
        ];
        for url in pages {
            render(&mut engine, url);
        }
        let after = live_objects(&engine);
        // A page's component tree (hundreds of objects) is garbage once its HTML is made, and
        // freed by reference counting: nothing it made stays alive for a collection to walk
        // but a few entries of the bundle's memos.
        let kept = (after - before) / pages.len() as i64;
        assert!(
            kept < 50,
            "{kept} objects kept per page ({before} before, {after} after)"
        );
    }

    #[tokio::test]
    async fn a_job_past_a_full_queue_is_refused_at_once_and_the_queued_ones_are_answered() {
        let pool = pool(WHO, 1, 2);
        pool.render(String::new())
            .await
            .expect("the engine started");
        tokio::time::sleep(Duration::from_millis(200)).await; // and is free again
        let first = pool.call("slowly", "300".into());
        let queued = [
            pool.call("slowly", "1".into()),
            pool.call("slowly", "1".into()),
        ];
        let refused = pool.call("slowly", "1".into());
        let (first, queued, refused) =
            tokio::join!(first, futures_util::future::join_all(queued), refused);
        assert!(matches!(refused, Err(RenderError::Busy)), "{refused:?}");
        assert!(first.is_ok());
        assert!(queued.iter().all(Result::is_ok), "{queued:?}");
    }
}
