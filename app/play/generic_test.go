package play_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

func TestMain(m *testing.M) { apptest.Main(m) }

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}

// openWith shows g in a frame with the screen c.
func openWith(u *shell.UI, g console.Game, c play.Constructor) *play.Host {
	h := play.NewHost(play.Frame{Nav: u, App: u.App(), Window: u.Window(), Clock: apptest.Clock, Screen: c}, g)
	u.Show(h)
	return h
}

func TestGenericScreenRunsCommandsFromSchema(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Generic", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	host := openWith(u, console.NewLocal(sess), play.NewGeneric)
	g := host.Screen().(*play.Generic)
	apptest.WantText(t, w, `"round": 1`)

	var add *play.CommandForm
	for _, f := range g.Commands() {
		if f.Spec.Name == scorepad.CmdAdd {
			add = f
		}
	}
	add.Args[0].Input.(*widget.RadioGroup).SetSelected("bob")
	add.Args[1].Entry.SetText("4")
	test.Tap(add.Button)
	apptest.WantText(t, w, `"total": 4`)

	add.Args[1].Entry.SetText("four")
	test.Tap(add.Button)
	if !add.Args[1].Err.Visible() {
		t.Errorf("a bad number is not marked on its field")
	}
}

// TestGenericScreenActsAsItsSeatOnly: the generic screen has no "Act as"
// picker (it showed the other seats' views, secrets included); it shows
// and acts as the frame's seat.
func TestGenericScreenActsAsItsSeatOnly(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Generic", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	openWith(u, console.NewLocal(sess), play.NewGeneric)
	for _, o := range apptest.Objects(w) {
		if _, ok := o.(*widget.Select); ok {
			t.Errorf("the generic screen shows a drop-down")
		}
	}
	got := apptest.Texts(w)
	if strings.Contains(got, "Act as") {
		t.Errorf("the generic screen still offers to act as another seat")
	}
	apptest.WantText(t, w, "What alice sees")
}
