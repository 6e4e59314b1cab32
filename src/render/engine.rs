//! A small pool of JavaScript engines (QuickJS, through rquickjs) that run the site's server
//! bundle, each on its own thread: the async runtime only sends a job and awaits its answer.
//!
//! Every engine evaluates the bundle once, at start, and then renders one page at a time; the
//! markup pieces a render keeps are shared by all of them (`shared_markup`). A render that runs
//! past its deadline is interrupted by the engine itself; an engine that was interrupted, ran
//! out of memory or failed to start is rebuilt before its next job. Cyclic garbage is
//! collected between renders, after the answer has gone, every few renders. The job queue is
//! bounded: when it is full a request is told at once (and gets the plain shell).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rquickjs::{Context, Function, Runtime};
use serde::Deserialize;
use tokio::sync::oneshot;

use super::shared_markup::MarkupStore;

/// What one render produced (the JSON `corpsiteRender` returns).
#[derive(Debug, Deserialize)]
pub struct Rendered {
    /// The head's tags: title, description, canonical, link previews, JSON-LD.
    pub head: String,
    /// The markup inside `#root`.
    pub html: String,
    /// What the page logged with console.error while rendering.
    #[serde(default)]
    pub errors: Vec<String>,
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

/// The script's render function: the page's JSON request in, `Rendered` as JSON out.
const RENDER: &str = "corpsiteRender";

/// Renders between two runs of the cycle collector. A run walks the whole heap (the bundle's
/// code and content included), about 0.7 ms, whatever the garbage; a render leaves a few
/// hundred KB of cycles. Every 8th render saves an eighth of an engine's CPU against every
/// render, for a heap at most a few MB larger.
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
    jobs: SyncSender<Job>,
    deadline: Duration,
}

impl RenderPool {
    /// Starts `limits.engines` threads, each evaluating `script` (which must set
    /// `globalThis.corpsiteRender`). Engines start in the background; early jobs wait for them.
    pub fn start(script: Arc<str>, limits: Limits) -> RenderPool {
        let (jobs, queue) = mpsc::sync_channel(limits.queue.max(1));
        let queue = Arc::new(Mutex::new(queue));
        let markup = Arc::new(MarkupStore::default());
        for index in 0..limits.engines.max(1) {
            let queue = Arc::clone(&queue);
            let script = Arc::clone(&script);
            let markup = Arc::clone(&markup);
            let spawned = std::thread::Builder::new()
                .name(format!("render-{index}"))
                // QuickJS keeps its own stack limit (1 MiB, below); the thread has room above it.
                .stack_size(4 << 20)
                .spawn(move || work(&queue, &script, &markup, limits));
            if let Err(err) = spawned {
                tracing::error!(error = %err, "could not start a render thread");
            }
        }
        RenderPool {
            jobs,
            deadline: limits.deadline,
        }
    }

    /// Renders `input` (the JSON `corpsiteRender` takes) on an engine thread.
    pub async fn render(&self, input: String) -> Result<Rendered, RenderError> {
        let answer = self.call(RENDER, input).await?;
        Ok(serde_json::from_str(&answer)?)
    }

    /// Calls `globalThis[function](input)` on an engine thread.
    pub async fn call(&self, function: &'static str, input: String) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        match self.jobs.try_send(Job {
            function,
            input,
            reply,
        }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(RenderError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(RenderError::Stopped),
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

fn work(queue: &Mutex<Receiver<Job>>, script: &str, markup: &Arc<MarkupStore>, limits: Limits) {
    let mut engine = match Engine::start(script, markup, limits) {
        Ok(engine) => Some(engine),
        Err(err) => {
            tracing::error!(error = %err, "a render engine could not start; pages get the plain shell");
            None
        }
    };
    loop {
        // One thread waits on the queue at a time; the others wait for the lock.
        let job = match queue.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else {
            return; // the pool is gone
        };
        if engine.as_ref().is_none_or(|e| e.spoiled) {
            engine = match Engine::start(script, markup, limits) {
                Ok(started) => Some(started),
                Err(err) => {
                    let _ = job.reply.send(Err(err));
                    continue;
                }
            };
        }
        let Some(current) = engine.as_mut() else {
            continue;
        };
        let result = current.call(job.function, job.input, limits.deadline);
        let _ = job.reply.send(result);
        if !current.spoiled {
            current.collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script whose render asks the shared store for a piece and keeps it on a miss.
    const SCRIPT: &str = r#"
        globalThis.corpsiteRender = (input) => {
            let html = corpsiteMarkup.get("frame");
            if (html === undefined) {
                html = "made by " + input;
                corpsiteMarkup.put("frame", html);
            }
            return JSON.stringify({ head: "", html });
        };
    "#;

    #[tokio::test]
    async fn every_engine_of_the_pool_finds_the_pieces_another_kept() {
        let limits = Limits {
            engines: 3,
            ..Limits::default()
        };
        let pool = RenderPool::start(SCRIPT.into(), limits);
        let renders = (0..24).map(|n| pool.render(format!("render {n}")));
        let answers = futures_util::future::join_all(renders).await;
        let made: std::collections::HashSet<String> = answers
            .into_iter()
            .map(|answer| answer.expect("rendered").html)
            .collect();
        // One engine made the piece; the others, which had it from the store, answered it too.
        assert_eq!(made.len(), 1, "{made:?}");
    }
}
