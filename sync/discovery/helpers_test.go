package discovery

import (
	"testing"
	"time"
)

// watcher reads a browse channel and keeps every list seen.
type watcher struct {
	t    *testing.T
	ch   <-chan []Entry
	seen [][]Entry
}

func (w *watcher) next(timeout time.Duration) []Entry {
	w.t.Helper()
	select {
	case l, ok := <-w.ch:
		if !ok {
			w.t.Fatal("browse channel closed")
		}
		w.seen = append(w.seen, l)
		return l
	case <-time.After(timeout):
		w.t.Fatalf("no list within %v", timeout)
		return nil
	}
}

// waitFor reads lists until ok holds for one, and returns that list's
// entry, or fails after timeout.
func (w *watcher) waitFor(what string, timeout time.Duration, ok func([]Entry) (Entry, bool)) Entry {
	w.t.Helper()
	deadline := time.After(timeout)
	var last []Entry
	for {
		select {
		case l, open := <-w.ch:
			if !open {
				w.t.Fatalf("browse channel closed waiting for %s", what)
			}
			w.seen = append(w.seen, l)
			last = l
			if e, yes := ok(l); yes {
				return e
			}
		case <-deadline:
			w.t.Fatalf("no %s within %v; last list: %+v", what, timeout, last)
		}
	}
}

func find(l []Entry, id string) (Entry, bool) {
	for _, e := range l {
		if e.Game.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}
