//! Rendered responses of hot endpoints, kept until the data they show changes.
//!
//! Every entry belongs to one data version (a counter the database bumps on each change,
//! whichever process makes it). A request that sees a newer version drops every entry.

use std::hash::{Hash, RandomState};
use std::sync::Mutex;

use bytes::Bytes;
use hashbrown::{Equivalent, HashMap};

use crate::metrics::CacheCounters;

/// Bodies (`Bytes`) by default; any cheaply cloned answer (a rendered page with its status
/// and tag) otherwise.
pub struct ResponseCache<K, V = Bytes> {
    capacity: usize,
    inner: Mutex<Entries<K, V>>,
    /// Hits and misses, for `/metrics` (detached counters unless `counted`).
    counters: CacheCounters,
}

struct Entries<K, V> {
    version: i64,
    /// SipHash, as std's maps: the keys come from requests.
    bodies: HashMap<K, V, RandomState>,
}

impl<K: Eq + Hash, V: Clone> ResponseCache<K, V> {
    /// At most `capacity` responses; when full, it starts over (the hot keys come back at once).
    pub fn new(capacity: usize) -> Self {
        ResponseCache {
            capacity: capacity.max(1),
            inner: Mutex::new(Entries {
                version: i64::MIN,
                bodies: HashMap::with_hasher(RandomState::new()),
            }),
            counters: CacheCounters::default(),
        }
    }

    /// Counts every look-up as a hit or a miss on `counters`.
    pub fn counted(mut self, counters: CacheCounters) -> Self {
        self.counters = counters;
        self
    }

    /// The response for `key` rendered at data version `version`, if there is one. `key` may
    /// be a borrowed form of the keys (`Equivalent`, hashing as they do).
    pub fn get<Q: Hash + Equivalent<K> + ?Sized>(&self, version: i64, key: &Q) -> Option<V> {
        let found = self.find(version, key);
        match found {
            Some(_) => self.counters.hit.inc(),
            None => self.counters.miss.inc(),
        };
        found
    }

    /// As `get`, counting only a hit: for a look-up ahead of the counted one that follows
    /// when it finds nothing (`front::Front` before `Pages::answer` or `BlogApi::list_json`).
    pub fn hit<Q: Hash + Equivalent<K> + ?Sized>(&self, version: i64, key: &Q) -> Option<V> {
        let found = self.find(version, key);
        if found.is_some() {
            self.counters.hit.inc();
        }
        found
    }

    fn find<Q: Hash + Equivalent<K> + ?Sized>(&self, version: i64, key: &Q) -> Option<V> {
        let mut entries = self.inner.lock().ok()?;
        if entries.version != version {
            entries.bodies.clear();
            entries.version = version;
            return None;
        }
        entries.bodies.get(key).cloned()
    }

    /// Keeps `body`, rendered from data at version `version` (read before the data was).
    pub fn put(&self, version: i64, key: K, body: V) {
        let Ok(mut entries) = self.inner.lock() else {
            return;
        };
        if version < entries.version {
            return;
        }
        if version > entries.version || entries.bodies.len() >= self.capacity {
            entries.bodies.clear();
            entries.version = version;
        }
        entries.bodies.insert(key, body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_live_until_the_version_changes() {
        let cache = ResponseCache::new(8);
        cache.put(1, "a", Bytes::from_static(b"one"));
        assert_eq!(cache.get(1, &"a"), Some(Bytes::from_static(b"one")));
        assert_eq!(cache.get(2, &"a"), None);
        assert_eq!(cache.get(1, &"a"), None, "an older version is gone too");
    }

    #[test]
    fn look_ups_are_counted_as_hits_and_misses() {
        let counters = CacheCounters::default();
        let cache = ResponseCache::new(8).counted(counters.clone());
        cache.put(1, "a", Bytes::from_static(b"one"));
        assert!(cache.get(1, &"a").is_some());
        assert!(cache.get(1, &"b").is_none());
        assert!(cache.get(2, &"a").is_none());
        assert_eq!((counters.hit.get(), counters.miss.get()), (1, 2));
        assert!(cache.hit(2, &"a").is_none());
        cache.put(2, "a", Bytes::from_static(b"two"));
        assert!(cache.hit(2, &"a").is_some());
        assert_eq!(
            (counters.hit.get(), counters.miss.get()),
            (2, 2),
            "hit() counts its hits alone"
        );
    }

    #[test]
    fn responses_rendered_from_older_data_are_not_kept() {
        let cache = ResponseCache::new(8);
        assert_eq!(cache.get(5, &"a"), None);
        cache.put(4, "a", Bytes::from_static(b"old"));
        assert_eq!(cache.get(5, &"a"), None);
    }

    #[test]
    fn the_cache_never_grows_past_its_capacity() {
        let cache = ResponseCache::new(2);
        for key in 0..10 {
            cache.put(1, key, Bytes::new());
        }
        let kept = (0..10).filter(|key| cache.get(1, key).is_some()).count();
        assert!((1..=2).contains(&kept), "{kept}");
    }
}
