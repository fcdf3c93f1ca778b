//! The bounded transposition table.
//!
//! Each slot holds a whole position key (seven words) and a tag (the position's
//! hash with a lower bound on its piles in the low byte and the table's
//! generation in the top two) — 64 bytes, one cache line. Slots come in
//! buckets of [`WAYS`]; a position may sit only in the bucket its hash picks.
//!
//! The table starts small and doubles while it is below its byte bound (a
//! bucket splits in place into itself and its new twin, so growing never holds
//! two copies). A position that finds its bucket full replaces the slot with
//! the fewest piles, the cheapest subtree to search again, unless the table is
//! a third full and may still grow. Once at the bound it never grows again. A lost entry only means that position may be searched
//! again; every entry read is matched on the whole key, so neither a full table
//! nor a hash collision can change a verdict or a pile count.

use super::position::Key;
use std::cell::RefCell;

/// Slots per bucket.
const WAYS: usize = 4;
/// The first allocation, in buckets (64 KiB).
const FIRST_BUCKETS: usize = 256;
/// Bytes per slot.
pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();
/// The low byte of a tag holds the bound, the next five bytes the hash's bits
/// 8 to 47 (among them the bucket bits that [`Table::grow`] reads), and the
/// top two bytes the generation of the table that wrote it.
const BOUND_BITS: u64 = 0xFF;
const HASH_BITS: u64 = 0x0000_FFFF_FFFF_FF00;
const GENERATION_SHIFT: u32 = 48;
/// At most this many buckets, so that a bucket number fits in the hash bits.
const MOST_BUCKETS: usize = 1 << 39;
/// A thread keeps the allocation of its last table up to this size, so that
/// the many small searches of a batch neither allocate nor fault pages in.
const KEEP_BYTES: usize = 32 << 20;

thread_local! {
    /// The allocation of this thread's last table and its generation.
    static SPARE: RefCell<(Vec<Slot>, u16)> = const { RefCell::new((Vec::new(), 0)) };
}

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Slot {
    key: Key,
    /// The generation of the table that wrote the slot (zero: never
    /// written), the hash's bits above the low byte and, in the low byte, a
    /// lower bound (at least 1) on the piles reachable from the position. A
    /// slot of another generation is empty.
    tag: u64,
}

impl Slot {
    /// Whether the slot holds `key`, whose tag without its bound is `label`.
    #[inline]
    fn holds(&self, key: &Key, label: u64) -> bool {
        self.tag & !BOUND_BITS == label && self.key == *key
    }

    /// The number of piles of the stored position (see `Position::key`).
    #[inline]
    fn piles(&self) -> u64 {
        self.key[6] >> 32 & 0xFF
    }
}

/// Positions already searched, each with a lower bound on its piles.
pub(crate) struct Table {
    slots: Vec<Slot>,
    /// Slots in use.
    used: usize,
    /// The most buckets the byte bound allows (a power of two).
    max_buckets: usize,
    /// This table's generation (never zero), in the top bits of a tag.
    generation: u64,
}

impl Table {
    /// A table that never holds more than `memory_bytes` (at least one bucket).
    pub(crate) fn new(memory_bytes: usize) -> Table {
        let affordable = (memory_bytes / (SLOT_BYTES * WAYS)).max(1);
        let max_buckets = if affordable.is_power_of_two() {
            affordable
        } else {
            affordable.next_power_of_two() / 2
        };
        let max_buckets = max_buckets.min(MOST_BUCKETS);
        // The last table's slots are reused as they are: they belong to an
        // older generation, so they read as empty, and a small search does
        // not pay for clearing 64 KiB (a third of its instructions on rows of
        // 18 cards). Only when the generations run out is everything cleared.
        let (mut slots, last) = SPARE.with(|spare| std::mem::take(&mut *spare.borrow_mut()));
        let mut generation = last.wrapping_add(1);
        if slots.capacity() > max_buckets * WAYS {
            slots = Vec::new();
        }
        if generation == 0 {
            slots.fill(Slot::default());
            generation = 1;
        }
        let first = FIRST_BUCKETS.min(max_buckets) * WAYS;
        slots.truncate(first);
        slots.resize(first, Slot::default());
        Table {
            slots,
            used: 0,
            max_buckets,
            generation: u64::from(generation) << GENERATION_SHIFT,
        }
    }

    /// A key's tag without its bound: the generation and the hash bits.
    #[inline]
    fn label(&self, hash: u64) -> u64 {
        self.generation | hash & HASH_BITS
    }

    #[inline]
    fn buckets(&self) -> usize {
        self.slots.len() / WAYS
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize & (self.buckets() - 1)) * WAYS
    }

    /// The stored lower bound on the piles reachable from this position.
    #[inline]
    pub(crate) fn bound(&self, key: &Key, hash: u64) -> Option<usize> {
        let start = self.bucket(hash);
        let label = self.label(hash);
        self.slots[start..start + WAYS]
            .iter()
            .find(|slot| slot.holds(key, label))
            .map(|slot| (slot.tag & BOUND_BITS) as usize)
    }

    /// Record that no line from this position reaches fewer than `bound` piles.
    #[inline]
    pub(crate) fn store(&mut self, key: &Key, hash: u64, bound: usize) {
        let label = self.label(hash);
        let tag = label | bound.clamp(1, 255) as u64;
        let generation = self.generation;
        let empty = |slot: &Slot| slot.tag & !(HASH_BITS | BOUND_BITS) != generation;
        loop {
            let start = self.bucket(hash);
            let may_grow = self.buckets() < self.max_buckets && self.used * 3 >= self.slots.len();
            let bucket = &mut self.slots[start..start + WAYS];
            if let Some(slot) = bucket.iter_mut().find(|slot| slot.holds(key, label)) {
                slot.tag = tag;
                return;
            }
            if let Some(slot) = bucket.iter_mut().find(|slot| empty(slot)) {
                *slot = Slot { key: *key, tag };
                self.used += 1;
                return;
            }
            // Grow once a third of the slots are in use: below that a full
            // bucket is rare, and replacing in it is cheaper than doubling.
            // Measured against a quarter (`benches/solve-results.md`, issue
            // 12's third round): a table half the size for the same entries,
            // +0.2 % nodes on 22-card losses, their time -3 %, and the
            // slowest 52-card deal (232,021 nodes) 95 -> 74 ms, its table now
            // within `KEEP_BYTES` (no fresh pages to fault in) and the cache.
            if may_grow {
                self.grow();
                continue;
            }
            let cheapest = bucket
                .iter_mut()
                .min_by_key(|slot| slot.piles())
                .expect("a bucket has slots");
            *cheapest = Slot { key: *key, tag };
            return;
        }
    }

    /// Double the buckets. Bucket `b` splits into `b` and `b + old`, chosen by
    /// the next hash bit; each keeps at most its [`WAYS`] slots.
    fn grow(&mut self) {
        let old = self.buckets();
        self.slots.resize(old * 2 * WAYS, Slot::default());
        for bucket in 0..old {
            for way in 0..WAYS {
                let at = bucket * WAYS + way;
                // A slot of an older generation may move too: it stays empty.
                let slot = self.slots[at];
                if slot.tag as usize & old != 0 {
                    self.slots[at] = Slot::default();
                    self.slots[(bucket + old) * WAYS + way] = slot;
                }
            }
        }
    }

    /// Bytes held by the slots.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if self.slots.capacity() * SLOT_BYTES <= KEEP_BYTES {
            let slots = std::mem::take(&mut self.slots);
            let generation = (self.generation >> GENERATION_SHIFT) as u16;
            SPARE.with(|spare| *spare.borrow_mut() = (slots, generation));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u64) -> Key {
        [n, 0, 0, 0, 0, 0, (n % 50 + 1) << 32]
    }

    #[test]
    fn stores_and_finds_until_full_then_replaces_within_the_bound() {
        let bound_bytes = 64 * SLOT_BYTES * WAYS;
        let mut table = Table::new(bound_bytes);
        let hash = |n: u64| n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for n in 0..100 {
            table.store(&key(n), hash(n), 3);
        }
        for n in 0..100 {
            assert_eq!(table.bound(&key(n), hash(n)), Some(3), "{n}");
        }
        for n in 100..10_000 {
            table.store(&key(n), hash(n), 2);
            assert!(table.bytes() <= bound_bytes);
        }
        assert_eq!(table.bytes(), bound_bytes);
        assert_eq!(table.bound(&key(9_999), hash(9_999)), Some(2));
        // Same hash, different key: never confused.
        assert_eq!(table.bound(&key(1_000_000), hash(9_999)), None);
    }

    #[test]
    fn growing_keeps_every_entry_findable() {
        // Room for all: the table doubles once a third full, so that a full
        // bucket (which replaces an entry) is rare below that.
        let mut table = Table::new(64 << 20);
        let first = table.bytes();
        // Mixed well (a bare multiplication would spread consecutive keys
        // perfectly evenly over the buckets, so that none fills early).
        let hash = |n: u64| {
            let h = (n ^ 0x5555).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let h = (h ^ h >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^ h >> 32
        };
        for n in 0..20_000 {
            table.store(&key(n), hash(n), (n % 200 + 1) as usize);
        }
        assert!(table.bytes() >= 16 * first, "{} bytes", table.bytes());
        let found = (0..20_000)
            .filter(|&n| table.bound(&key(n), hash(n)) == Some((n % 200 + 1) as usize))
            .count();
        assert!(found >= 19_500, "{found} of 20,000 entries found");
    }

    #[test]
    fn a_thread_keeps_the_allocation_of_a_small_table_only() {
        let spare = || SPARE.with(|spare| spare.borrow().0.capacity());
        SPARE.with(RefCell::take);
        // One slot past the size kept: dropped, not kept for the next search.
        let big = KEEP_BYTES / SLOT_BYTES + WAYS;
        drop(Table {
            slots: vec![Slot::default(); big],
            used: 0,
            max_buckets: big / WAYS,
            generation: 1 << GENERATION_SHIFT,
        });
        assert_eq!(spare(), 0);
        drop(Table::new(1 << 20));
        assert!(spare() > 0 && spare() * SLOT_BYTES <= KEEP_BYTES);
    }

    #[test]
    fn a_new_table_never_reads_the_entries_of_the_last_one() {
        // The allocation is reused without clearing it: a later generation
        // must read every slot as empty, also after the generations wrap.
        let hash = |n: u64| n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for wrap in [false, true] {
            if wrap {
                SPARE.with(|spare| spare.borrow_mut().1 = u16::MAX - 1);
            }
            for round in 0..3u64 {
                let mut table = Table::new(1 << 20);
                for n in 0..500 {
                    assert_eq!(table.bound(&key(n), hash(n)), None, "round {round} {n}");
                }
                for n in 0..500 {
                    table.store(&key(n), hash(n), (round + 2) as usize);
                }
                let found = (0..500)
                    .filter(|&n| table.bound(&key(n), hash(n)) == Some((round + 2) as usize))
                    .count();
                assert!(found >= 490, "{found}");
            }
        }
        assert!(
            SPARE.with(|spare| spare.borrow().1) < 10,
            "the generations wrapped"
        );
    }

    #[test]
    fn when_the_generations_run_out_the_old_entries_are_cleared() {
        // Entries written by generation 1, then 65,535 tables later the
        // generation is 1 again: they must not come back.
        let hash = |n: u64| n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        SPARE.with(RefCell::take);
        let mut first = Table::new(1 << 20);
        assert_eq!(first.generation >> GENERATION_SHIFT, 1);
        for n in 0..300 {
            first.store(&key(n), hash(n), 5);
        }
        drop(first);
        SPARE.with(|spare| spare.borrow_mut().1 = u16::MAX);
        let again = Table::new(1 << 20);
        assert_eq!(again.generation >> GENERATION_SHIFT, 1);
        assert!((0..300).all(|n| again.bound(&key(n), hash(n)).is_none()));
    }

    #[test]
    fn a_full_bucket_gives_up_the_position_with_the_fewest_piles() {
        // One bucket of four ways; `key(n)` has n % 50 + 1 piles.
        let mut table = Table::new(0);
        for n in [4, 2, 6, 8] {
            table.store(&key(n), 7, 1);
        }
        table.store(&key(9), 7, 1);
        assert_eq!(
            table.bound(&key(2), 7),
            None,
            "3 piles: the cheapest to search again"
        );
        for n in [4, 6, 8, 9] {
            assert_eq!(table.bound(&key(n), 7), Some(1), "{n}");
        }
    }

    #[test]
    fn a_tiny_bound_still_gives_one_bucket() {
        let mut table = Table::new(0);
        table.store(&key(1), 7, 4);
        assert_eq!(table.bound(&key(1), 7), Some(4));
        assert_eq!(table.bytes(), SLOT_BYTES * WAYS);
    }
}
