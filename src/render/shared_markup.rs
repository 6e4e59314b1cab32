//! The markup pieces the renderer keeps (`SharedMarkup` in ui/src/lib/shared-markup.tsx: the
//! site's frame and the home page's fixed sections, per route and generation of the company's
//! details), held here once for every engine of the pool. Each engine would otherwise render
//! and keep its own copy; with them here a piece is rendered once, whichever engine asks
//! first. The script finds them as `globalThis.corpsiteMarkup.get(key)` and `.put(key, html)`.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use rquickjs::{Ctx, Function, Object};

/// Pieces kept: a route's frame is two or three; about 15 KB each.
const LIMIT: usize = 256;

#[derive(Default)]
pub struct MarkupStore {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    pieces: HashMap<String, Arc<str>>,
    /// Keys, oldest first: the first to go when the store is full.
    order: VecDeque<String>,
}

impl MarkupStore {
    pub fn get(&self, key: &str) -> Option<Arc<str>> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.pieces.get(key).cloned()
    }

    pub fn put(&self, key: String, html: &str) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.pieces.contains_key(&key) {
            return; // another engine rendered it meanwhile: the same markup
        }
        if kept.order.len() >= LIMIT {
            if let Some(oldest) = kept.order.pop_front() {
                kept.pieces.remove(&oldest);
            }
        }
        kept.order.push_back(key.clone());
        kept.pieces.insert(key, html.into());
    }

    /// Puts `corpsiteMarkup` on the script's global object.
    pub fn install(self: &Arc<Self>, ctx: &Ctx<'_>) -> rquickjs::Result<()> {
        let object = Object::new(ctx.clone())?;
        let store = Arc::clone(self);
        object.set(
            "get",
            Function::new(ctx.clone(), move |key: String| {
                store.get(&key).map(|html| html.to_string())
            })?,
        )?;
        let store = Arc::clone(self);
        object.set(
            "put",
            Function::new(ctx.clone(), move |key: String, html: String| {
                store.put(key, &html);
            })?,
        )?;
        ctx.globals().set("corpsiteMarkup", object)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_piece_goes_first_when_the_store_is_full() {
        let store = MarkupStore::default();
        for n in 0..LIMIT + 1 {
            store.put(format!("k{n}"), &format!("<p>{n}</p>"));
        }
        assert!(store.get("k0").is_none());
        assert_eq!(store.get("k1").as_deref(), Some("<p>1</p>"));
        assert_eq!(
            store.get(&format!("k{LIMIT}")).as_deref(),
            Some(format!("<p>{LIMIT}</p>").as_str())
        );
        // A second put of a key keeps the first markup and its place.
        store.put("k1".into(), "<p>other</p>");
        assert_eq!(store.get("k1").as_deref(), Some("<p>1</p>"));
    }
}
