package discovery

import (
	"context"
	"encoding/json"
	"errors"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestMemory(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := NewMemory()
	early, err := m.Advertise(sampleGame, 47100)
	if err != nil {
		t.Fatalf("Advertise: %v", err)
	}
	ch, err := m.Browse(ctx)
	if err != nil {
		t.Fatalf("Browse: %v", err)
	}
	w := &watcher{t: t, ch: ch}
	l := w.next(time.Second)
	if len(l) != 1 || l[0].Game != sampleGame || l[0].Port != 47100 || !slices.Equal(l[0].Addrs, []netip.Addr{netip.MustParseAddr("127.0.0.1")}) {
		t.Fatalf("first list = %+v, want the game advertised before browsing on 127.0.0.1:47100", l)
	}

	// Bad and foreign announcements are never listed.
	lo := []netip.Addr{netip.MustParseAddr("127.0.0.1")}
	defer m.Publish("foreign", []string{"hello=world"}, lo, 9)()
	defer m.Publish("bad", []string{"txtvers=1", "proto=1", "sys=s", "id=i", "seats=x", "open=1"}, lo, 9)()
	good, _ := EncodeTXT(Game{Proto: 1, System: "s", Seats: 1, ID: "noaddr"})
	defer m.Publish("no-address", good, nil, 9)()
	defer m.Publish("no-port", good, lo, 0)()

	b := Game{Proto: 2, System: "runika", Title: "A", Host: "Bob", Seats: 3, Open: 3, ID: "g2"}
	adv, err := m.Advertise(b, 47101)
	if err != nil {
		t.Fatalf("Advertise: %v", err)
	}
	l = w.next(time.Second)
	if len(l) != 2 || l[0].Game != b || l[1].Game != sampleGame {
		t.Fatalf("list = %+v, want b then the sample (sorted by title)", l)
	}
	b.Open = 2
	if err := adv.Update(b); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if l = w.next(time.Second); l[0].Game.Open != 2 {
		t.Fatalf("after Update: %+v", l)
	}
	if _, err := EncodeTXT(Game{}); adv.Update(Game{}) == nil || err == nil {
		t.Error("Update with an invalid game succeeded")
	}
	if err := adv.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if err := adv.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
	if l = w.next(time.Second); len(l) != 1 || l[0].Game != sampleGame {
		t.Fatalf("after Stop: %+v", l)
	}
	if err := adv.Update(b); !errors.Is(err, ErrStopped) {
		t.Errorf("Update after Stop = %v, want ErrStopped", err)
	}

	// An entry whose TXT turns bad is dropped.
	remove := m.Publish("turns-bad", good, lo, 9)
	if l = w.next(time.Second); len(l) != 2 {
		t.Fatalf("after publishing a good raw entry: %+v", l)
	}
	m.Publish("turns-bad", []string{"txtvers=1"}, lo, 9)
	if l = w.next(time.Second); len(l) != 1 {
		t.Fatalf("after its TXT turned bad: %+v", l)
	}
	remove()

	for _, list := range w.seen {
		for _, e := range list {
			if e.Game.ID != sampleGame.ID && e.Game.ID != b.ID && e.Instance != "turns-bad" {
				t.Errorf("listed %+v", e)
			}
		}
	}
	_ = early.Stop()
	if l = w.next(time.Second); len(l) != 0 {
		t.Fatalf("after the last Stop: %+v", l)
	}
	cancel()
	select {
	case _, ok := <-ch:
		if ok {
			// A list may still be buffered; the channel closes next.
			if _, ok := <-ch; ok {
				t.Fatal("channel not closed after cancel")
			}
		}
	case <-time.After(time.Second):
		t.Fatal("channel not closed after cancel")
	}
	if _, err := m.Browse(ctx); err == nil {
		t.Error("Browse with a cancelled context succeeded")
	}
}

func TestMemoryAdvertiseErrors(t *testing.T) {
	m := NewMemory(netip.MustParseAddr("10.1.2.3"))
	if _, err := m.Advertise(Game{}, 1); !errors.Is(err, ErrBadTXT) {
		t.Errorf("invalid game: %v", err)
	}
	if _, err := m.Advertise(sampleGame, 0); err == nil {
		t.Error("port 0 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, _ = m.Advertise(sampleGame, 1)
	ch, _ := m.Browse(ctx)
	if l := <-ch; len(l) != 1 || l[0].Addrs[0] != netip.MustParseAddr("10.1.2.3") {
		t.Errorf("list = %+v, want the game on 10.1.2.3", l)
	}
}

func TestEntryJSON(t *testing.T) {
	e := Entry{Instance: "cc-g1-abcdef", Game: withFP(sampleGame, Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}), Addrs: []netip.Addr{netip.MustParseAddr("192.168.1.20"), netip.MustParseAddr("fd00::1")}, Port: 47100}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"instance":"cc-g1-abcdef","game":{"proto":1,"system":"landsofruin","title":"Siege of Karak","host":"Alice's tablet","seats":2,"open":1,"id":"g0123456789ab","fingerprint":"HWE0-79TY"},"addrs":["192.168.1.20","fd00::1"],"port":47100}`
	if string(b) != want {
		t.Errorf("JSON = %s\nwant   %s", b, want)
	}
	var back Entry
	if err := json.Unmarshal(b, &back); err != nil || !back.equal(e) {
		t.Errorf("round trip = %+v, %v", back, err)
	}
	b, _ = json.Marshal(sampleGame)
	if strings.Contains(string(b), "fingerprint") {
		t.Errorf("zero fingerprint in JSON: %s", b)
	}
	var g Game
	if err := json.Unmarshal([]byte(`{"fingerprint":"UUUU"}`), &g); err == nil {
		t.Error("bad fingerprint accepted")
	}
}

// A slow reader gets only the latest list, and a sender never blocks.
func TestFeedLatestWins(t *testing.T) {
	f := newFeed()
	for i := 0; i < 5; i++ {
		f.send(make([]Entry, i))
	}
	if l := <-f.ch; len(l) != 4 {
		t.Errorf("got a list of %d, want the latest (4)", len(l))
	}
	f.close()
	f.send(nil) // after close: ignored, no panic
	f.close()
	if _, ok := <-f.ch; ok {
		t.Error("channel open after close")
	}
}

func TestLiveListExpiry(t *testing.T) {
	var skipped []string
	l := newLiveList(func(inst string, err error) { skipped = append(skipped, inst) })
	txt, _ := EncodeTXT(sampleGame)
	lo := []netip.Addr{netip.MustParseAddr("::ffff:127.0.0.1"), netip.MustParseAddr("fe80::1"), netip.MustParseAddr("fd00::1"), netip.MustParseAddr("127.0.0.1")}
	t0 := time.Unix(1000, 0)
	if !l.see(sighting{"a", txt, lo, 1}, t0) {
		t.Fatal("first sighting did not change the list")
	}
	if got := l.list()[0].Addrs; !slices.Equal(got, []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("fd00::1")}) {
		t.Errorf("addrs = %v, want 127.0.0.1 (unmapped, once) then fd00::1 (link-local dropped)", got)
	}
	if l.see(sighting{"a", txt, lo, 1}, t0.Add(time.Second)) {
		t.Error("same sighting changed the list")
	}
	if l.see(sighting{"b", []string{"x=y"}, lo, 1}, t0) || l.see(sighting{"c", txt, nil, 1}, t0) {
		t.Error("bad sighting changed the list")
	}
	if !slices.Equal(skipped, []string{"b", "c"}) {
		t.Errorf("skipped = %v", skipped)
	}
	if l.expire(t0.Add(time.Second)) {
		t.Error("expired an entry seen at the cutoff")
	}
	if !l.expire(t0.Add(time.Second+1)) || len(l.list()) != 0 {
		t.Error("did not expire an entry seen before the cutoff")
	}
	if l.remove("a") {
		t.Error("removed an absent entry")
	}
}
