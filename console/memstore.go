package console

import (
	"fmt"
	"sort"
	"sync"
)

// MemStore is a Store that keeps games in memory, for tests, benchmarks and
// games nobody wants to keep. It applies the checks the bbolt store applies
// to what a Session writes (CheckContiguous, an empty new log, a truncation
// that agrees with the index).
type MemStore struct {
	mu    sync.Mutex
	games map[string]*memGame
}

type memGame struct {
	meta   GameMeta
	events []Event
	snaps  []Snapshot
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore { return &MemStore{games: map[string]*memGame{}} }

func (m *MemStore) game(id string) (*memGame, error) {
	g, ok := m.games[id]
	if !ok {
		return nil, fmt.Errorf("game %s: %w", id, ErrNotFound)
	}
	return g, nil
}

// Create records a new game.
func (m *MemStore) Create(meta GameMeta) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.games[meta.ID]; ok {
		return fmt.Errorf("create game %s: it already exists", meta.ID)
	}
	if meta.ID == "" || meta.LastSeq != 0 {
		return fmt.Errorf("create game %q: a new game needs an id and an empty log (LastSeq %d)", meta.ID, meta.LastSeq)
	}
	m.games[meta.ID] = &memGame{meta: meta}
	return nil
}

// CheckContiguous verifies that events continue a log ending at last and
// that meta agrees with them; every Store calls it before writing. No
// events is a metadata-only update, allowed when meta keeps the log's end.
func CheckContiguous(last uint64, events []Event, meta GameMeta) error {
	if len(events) == 0 {
		if meta.LastSeq != last {
			return fmt.Errorf("index says the log ends at %d but it ends at %d", meta.LastSeq, last)
		}
		return nil
	}
	for i, e := range events {
		if want := last + uint64(i) + 1; e.Seq != want {
			return fmt.Errorf("event %d appended where %d was expected", e.Seq, want)
		}
	}
	if end := events[len(events)-1].Seq; meta.LastSeq != end {
		return fmt.Errorf("index says the log ends at %d but the events end at %d", meta.LastSeq, end)
	}
	return nil
}

// Append adds one command's events.
func (m *MemStore) Append(id string, events []Event, meta GameMeta) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return err
	}
	if err := CheckContiguous(g.meta.LastSeq, events, meta); err != nil {
		return fmt.Errorf("append to game %s: %w", id, err)
	}
	g.events = append(g.events, events...)
	g.meta = meta
	return nil
}

// Truncate drops events and snapshots after seq.
func (m *MemStore) Truncate(id string, after uint64, meta GameMeta) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return err
	}
	if after > uint64(len(g.events)) {
		return fmt.Errorf("truncate game %s after %d: the log ends at %d", id, after, len(g.events))
	}
	if meta.LastSeq != after {
		return fmt.Errorf("truncate game %s after %d: the index says the log ends at %d", id, after, meta.LastSeq)
	}
	g.events = g.events[:after:after]
	kept := g.snaps[:0:0]
	for _, s := range g.snaps {
		if s.Seq <= after {
			kept = append(kept, s)
		}
	}
	g.snaps = kept
	g.meta = meta
	return nil
}

// PutSnapshot stores a snapshot.
func (m *MemStore) PutSnapshot(id string, snap Snapshot) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return err
	}
	if snap.Seq > uint64(len(g.events)) {
		return fmt.Errorf("snapshot game %s at %d: the log ends at %d", id, snap.Seq, len(g.events))
	}
	g.snaps = append(g.snaps, snap)
	sort.SliceStable(g.snaps, func(i, j int) bool { return g.snaps[i].Seq < g.snaps[j].Seq })
	return nil
}

// Meta returns a game's metadata.
func (m *MemStore) Meta(id string) (GameMeta, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return GameMeta{}, err
	}
	return g.meta, nil
}

// Load returns metadata, the latest snapshot and the tail after it.
func (m *MemStore) Load(id string) (GameMeta, *Snapshot, []Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return GameMeta{}, nil, nil, err
	}
	var snap *Snapshot
	from := uint64(0)
	if n := len(g.snaps); n > 0 {
		s := g.snaps[n-1]
		snap, from = &s, s.Seq
	}
	return g.meta, snap, append([]Event(nil), g.events[from:]...), nil
}

// Events returns events with sequence numbers in [from, to]; to 0 means all.
func (m *MemStore) Events(id string, from, to uint64) ([]Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil {
		return nil, err
	}
	n := uint64(len(g.events))
	if to == 0 || to > n {
		to = n
	}
	if from < 1 {
		from = 1
	}
	if from > to {
		return nil, nil
	}
	return append([]Event(nil), g.events[from-1:to]...), nil
}

// List returns all games, newest update first.
func (m *MemStore) List() ([]GameMeta, []error, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]GameMeta, 0, len(m.games))
	for _, id := range SortedKeys(m.games) {
		out = append(out, m.games[id].meta)
	}
	SortMetas(out)
	return out, nil, nil
}

// SortMetas orders games newest update first, ties by id.
func SortMetas(ms []GameMeta) {
	sort.SliceStable(ms, func(i, j int) bool {
		if !ms[i].Updated.Equal(ms[j].Updated) {
			return ms[i].Updated.After(ms[j].Updated)
		}
		return ms[i].ID < ms[j].ID
	})
}

// CommandSpan finds a command's events by its id.
func (m *MemStore) CommandSpan(id, cmdID string) (first, last uint64, ok bool, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(id)
	if err != nil || cmdID == "" {
		return 0, 0, false, err
	}
	for _, e := range g.events {
		if e.Cmd != cmdID {
			continue
		}
		if !ok {
			first, ok = e.Seq, true
		}
		last = e.Seq
	}
	return first, last, ok, nil
}

// Delete removes a game.
func (m *MemStore) Delete(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, err := m.game(id); err != nil {
		return err
	}
	delete(m.games, id)
	return nil
}
