package lorscreen

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// newsGame is a game whose views carry the news the test sets (the rules
// fill View.News; the screen only shows it).
type newsGame struct {
	console.Game
	news []string
}

func (g *newsGame) State(seat console.Seat) (console.SeatState, error) {
	st, err := g.Game.State(seat)
	if v, ok := st.View.(landsofruin.View); ok && err == nil {
		v.News = g.news
		st.View = v
	}
	return st, err
}

// overlayTexts are the texts of the window's dialogs.
func overlayTexts(f *testFrame) string {
	var out []string
	for _, o := range f.win.Canvas().Overlays().List() {
		out = append(out, treeTexts(o)...)
	}
	return strings.Join(out, "\n")
}

// TestNewsIsAnnouncedOnce: headlines in the view (a leader's death) are
// announced in a dialog the player closes, in full; the same news is not
// announced again at the next redraw, and new news is.
func TestNewsIsAnnouncedOnce(t *testing.T) {
	sess := replay(t, "testdata/midgame.jsonl")
	s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	g := &newsGame{Game: f.game}
	f.game = g
	s.Refresh()
	if got := s.NewsShown(); got != nil {
		t.Fatalf("news shown with none in the view: %q", got)
	}
	death := "Skarn, bob's leader, is dead: head trauma. bob's team tests its morale at the end of the turn."
	g.news = []string{death}
	s.Refresh()
	if got := overlayTexts(f); !strings.Contains(got, death) {
		t.Fatalf("the news is not announced in full; the dialogs show:\n%s", got)
	}
	apptest.TapButton(t, f.win, "Got it")
	if got := overlayTexts(f); strings.Contains(got, death) {
		t.Fatalf("the news dialog stays after Got it:\n%s", got)
	}
	s.Refresh()
	if got := overlayTexts(f); strings.Contains(got, death) {
		t.Errorf("the same news is announced again at the next redraw")
	}
	rout := "bob's team is routed."
	g.news = []string{rout}
	s.Refresh()
	if got := overlayTexts(f); !strings.Contains(got, rout) {
		t.Errorf("new news is not announced; the dialogs show:\n%s", got)
	}
}

// TestHandOverShowsThePublicNews: on a shared tablet, the hand-over
// screen that follows a command with news shows the news as every seat
// may know it.
func TestHandOverShowsThePublicNews(t *testing.T) {
	sess := replay(t, "testdata/midgame.jsonl")
	s, f, _ := newTestScreen(t, sess, HotSeat{All: []console.Seat{"alice", "bob"}})
	news := "Skarn, bob's leader, is dead."
	f.game = &newsGame{Game: f.game, news: []string{news}}
	s.Refresh()
	if _, handing := s.HandingOver(); !handing {
		t.Fatal("no hand-over screen")
	}
	if !strings.Contains(s.handWhy.Text, news) {
		t.Errorf("the hand-over screen says %q, not the news", s.handWhy.Text)
	}
}
