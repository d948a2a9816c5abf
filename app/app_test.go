package app

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/app/battlelorescreen"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/padscreen"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/app/runikascreen"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
	"github.com/commandconsole/commandconsole/games/runika"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

func TestDispatcherFallsBackToGenericScreen(t *testing.T) {
	if reflect.ValueOf(play.ScreenFor(scorepad.ID)).Pointer() != reflect.ValueOf(padscreen.New).Pointer() {
		t.Errorf("the score pad does not get its own screen")
	}
	if reflect.ValueOf(play.ScreenFor("no-such-system")).Pointer() != reflect.ValueOf(play.NewGeneric).Pointer() {
		t.Errorf("a system without a screen does not get the generic one")
	}
	// Every playable system opens: its own screen or the generic one.
	for _, r := range games.Playable() {
		info := r.Info()
		var seats []console.Seat
		for i := 0; i < max(info.MinSeats, 1); i++ {
			seats = append(seats, console.Seat(fmt.Sprintf("seat%d", i+1)))
		}
		st := console.NewMemStore()
		sess, err := console.Create(r, console.Setup{Seats: seats}, console.Options{Store: st, Clock: apptest.Clock})
		if err != nil {
			t.Errorf("%s: create with default options: %v", info.ID, err)
			continue
		}
		u, w := newTestUI(t, st, apptest.LandscapeSize)
		u.ShowGame(console.NewLocal(sess))
		if u.Game() == nil || u.Game().Screen() == nil {
			t.Errorf("%s: no game screen", info.ID)
			continue
		}
		apptest.CheckLayout(t, w, apptest.LandscapeSize, info.ID+" game screen")
	}
}

func TestStateScreensAreRegistered(t *testing.T) {
	for id, want := range map[string]play.Constructor{runika.ID: runikascreen.New, "battlelore": battlelorescreen.New} {
		if reflect.ValueOf(play.ScreenFor(id)).Pointer() != reflect.ValueOf(want).Pointer() {
			t.Errorf("%s does not get its own screen", id)
		}
	}
}
