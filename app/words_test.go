package app

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games"
)

// wordsScripts are the whole golden games the words check walks: the
// tutorial and full-size Lands of Ruin games, Ruunara, a Runeball match,
// both board pads and the score pad.
var wordsScripts = []string{
	"games/landsofruin/testdata/two-player-tutorial.jsonl",
	"games/landsofruin/testdata/fight-to-the-death.jsonl",
	"games/landsofruin/testdata/living-world.jsonl",
	"games/ruunara/testdata/duo-mission.jsonl",
	"games/ruunara/testdata/solo-mission.jsonl",
	"games/runeball/testdata/match.jsonl",
	"games/runika/testdata/two-player.jsonl",
	"games/battlelore/testdata/full-muster.jsonl",
	"games/scorepad/testdata/family-target.jsonl",
}

// TestScreensSpeakTheGamesWords walks every golden game above line by
// line on each seat's own screen (and the shared tablet's), and fails on
// any text of the whole widget tree that holds a developer's word
// (apptest.DeniedWords: ids, key=value, decision ids, rulebook line
// numbers, Go identifiers, "(s)" plurals). A refused line's message is
// shown as the screen would show it, in its banner.
func TestScreensSpeakTheGamesWords(t *testing.T) {
	for _, path := range wordsScripts {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(filepath.Join("..", path))
			if err != nil {
				t.Fatal(err)
			}
			setup, lines, err := script.Read(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			rules, err := games.Lookup(setup.System)
			if err != nil {
				t.Fatal(err)
			}
			// The shared tablet, then each seat's own tablet where the
			// system has a screen for one seat: a board pad shown as one
			// seat falls back to the generic form-and-JSON screen, a
			// known limit until every system plays on every tablet.
			seats := []console.Seat{""}
			if !sameFunc(play.ScreenForSeat(setup.System, true), play.NewGeneric) {
				seats = append(seats, setup.Seats...)
			}
			found := map[string]bool{}
			var order []string
			for _, seat := range seats {
				st := console.NewMemStore()
				sess, err := console.Create(rules, *setup, console.Options{Store: st, Clock: apptest.Clock})
				if err != nil {
					t.Fatalf("create: %v", err)
				}
				u, w := newTestUI(t, st, apptest.LandscapeSize)
				u.ShowGameAs(console.NewLocal(sess), seat)
				check := func(at string) {
					var texts []string
					u.Game().Locked(func() { texts = apptest.ScreenTexts(w) })
					for _, l := range apptest.WordsFound(texts) {
						if !found[l] {
							found[l] = true
							order = append(order, fmt.Sprintf("%s (as %q, %s)", l, or(seat, "every seat"), at))
						}
					}
				}
				check("at the start")
				for _, l := range lines {
					if l.Undo {
						_, err = sess.Undo(l.Seat)
					} else {
						_, err = sess.Do(l.Seat, l.Command())
					}
					if (err == nil) != (l.Reject == "") {
						t.Fatalf("line %d: %v", l.Number, err)
					}
					if u.Game() == nil {
						t.Fatalf("line %d: the game screen closed", l.Number)
					}
					u.Game().RefreshIfChanged()
					if err != nil {
						// The refusal as the screen shows it.
						u.Game().Env().Fail(err)
					}
					check(fmt.Sprintf("after line %d", l.Number))
				}
				// The history and the battle report at the end.
				hs := seat
				if hs == "" {
					hs = setup.Seats[0]
				}
				u.Game().Env().ShowHistory(hs)
				check("in the history")
				u.Game().Env().ShowReport()
				var texts []string
				texts = apptest.ScreenTexts(w)
				for _, l := range apptest.WordsFound(texts) {
					if !found[l] {
						found[l] = true
						order = append(order, fmt.Sprintf("%s (as %q, in the battle report)", l, or(seat, "every seat")))
					}
				}
			}
			if len(order) > 0 {
				t.Errorf("%s: the screens show the code's words, not the game's:\n  %s", path, strings.Join(order, "\n  "))
			}
		})
	}
}

// sameFunc reports whether a and b are the same function.
func sameFunc(a, b any) bool { return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() }

// or is s, or def when s is empty.
func or(s console.Seat, def string) string {
	if s == "" {
		return def
	}
	return string(s)
}

// TestHomeScreensSpeakTheGamesWords: the home screen with a saved game of
// every golden script above, every system's new-game screen, Settings and
// the statistics show no developer's word (apptest.CheckWords).
func TestHomeScreensSpeakTheGamesWords(t *testing.T) {
	st := console.NewMemStore()
	for _, path := range wordsScripts {
		replayScript(t, st, path)
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.Home()
	apptest.CheckWords(t, w, "the home screen")
	for _, r := range games.Playable() {
		u.Home()
		home.ShowNewGame(u, r)
		apptest.CheckWords(t, w, "the new "+r.Info().Name+" game screen")
	}
	u.Home()
	home.ShowSettings(u)
	apptest.CheckWords(t, w, "Settings")
	u.Home()
	home.ShowStats(u)
	apptest.CheckWords(t, w, "the statistics")
}
