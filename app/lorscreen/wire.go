package lorscreen

import (
	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
)

// envFrame is the Frame of a screen in the play frame (package play).
type envFrame struct{ env *play.Env }

func (f envFrame) Game() console.Game                          { return f.env.Game() }
func (f envFrame) Run(fn func() error) error                   { return f.env.Run(fn) }
func (f envFrame) Fail(err error)                              { f.env.Fail(err) }
func (f envFrame) Confirm(title, msg, yes string, fn func())   { f.env.Confirm(title, msg, yes, fn) }
func (f envFrame) Home()                                       { f.env.Home() }
func (f envFrame) ShowReport()                                 { f.env.ShowReport() }
func (f envFrame) ShowHistory(seat console.Seat)               { f.env.ShowHistory(seat) }
func (f envFrame) Window() fyne.Window                         { return f.env.Window() }
func (f envFrame) Preferences() fyne.Preferences               { return f.env.App().Preferences() }
func (f envFrame) AddPicture(caption string, png []byte) error { return f.env.AddPicture(caption, png) }
func (f envFrame) Hints() bool                                 { return f.env.Hints() }
func (f envFrame) Actions() []play.Action                      { return f.env.Actions() }

// hotScreen is the screen of a tablet passed round the table: the frame
// then follows every seat's changes (play.HotSeat).
type hotScreen struct{ *Screen }

// HotSeat marks the screen as playing every seat.
func (hotScreen) HotSeat() {}

// OwnBar marks the screen as drawing its own top bar (menu, undo,
// history): the frame adds none.
func (*Screen) OwnBar() {}

// New is the Lands of Ruin screen's constructor for the play frame: a
// tablet that plays one seat (Env.Fixed, or a game of one seat) shows that
// seat; otherwise the tablet is passed round the table with a hand-over
// screen between the seats.
func New(env *play.Env) play.Screen {
	seats := env.Seats()
	if env.Fixed() || len(seats) < 2 {
		return NewScreen(envFrame{env}, FixedSeat{Seat: env.Seat()}, Parts{}, env.Clock())
	}
	return hotScreen{NewScreen(envFrame{env}, HotSeat{All: seats}, Parts{}, env.Clock())}
}
