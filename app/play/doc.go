// Package play is the play frame: the window of a game in play around the
// screen of its game system.
//
// The frame (Host) shows a title bar with Home, History and Undo, a banner
// for refused commands, and the system's Screen below. It subscribes to the
// game (a console.Game: a local session today, a LAN client tomorrow; a
// screen cannot tell) and redraws the screen after every change, on the
// Fyne thread. It keeps the device's screen on while it shows.
//
// # Writing a screen
//
// A game system's screen lives in a package of its own (padscreen,
// runikascreen, battlelorescreen, lorscreen) and implements Screen:
//
//	type Screen interface {
//		Content() fyne.CanvasObject // the widget tree, built once
//		Refresh()                   // redraw from the game's current view
//	}
//
// It is built by a Constructor from an *Env, and registered for its system
// by the app's root package (never by the screen package itself, so the
// wiring is in one place):
//
//	play.Register(landsofruin.ID, lorscreen.New)
//
// A system without a registered screen gets the generic screen: a form per
// command of the system's vocabulary and the seat's view as JSON.
//
// A screen depends on the game in play only through its Env: Env.Game is the
// console.Game, Env.Do / DoAs / TryAs send commands, Env.Fail shows an
// error, Env.Confirm asks before something drastic, Env.Undo,
// Env.ShowHistory, Env.ShowReport and Env.Home are the frame's own actions,
// Env.Settings / Units / PlayerName / Hints the player's preferences. A
// screen never sees the store or the session type.
//
// Two optional marker interfaces change what the frame does:
//
//   - HotSeat: one tablet plays every seat in turn. The frame listens to
//     every seat, Undo takes back the last command as the seat that gave
//     it, and the history is read as the spectator sees it.
//   - OwnBar: the screen draws its own top bar (with its menu, undo and
//     history, through Env.Undo and Env.ShowHistory); the frame shows no
//     title bar and no banner of its own, and Env.Fail shows a refusal in
//     a dialog. Its menu lists Env.Actions.
//
// The frame's Undo is greyed while nothing can be taken back: a view that
// implements UndoTeller (the score pad, a game without secrets) says
// whether the frame's seat may undo and why not, shown as a caption under
// the title bar; otherwise Undo is enabled once anything was played
// (LastActor, which a LAN client answers with its own seat). A failure that
// is not a refusal is headed "Something went wrong" only when it is
// internal (ErrorTitle).
//
// The app around the game adds to the frame through Frame.Actions (such as
// "Host on the network": buttons under the title bar, or the OwnBar
// screen's menu entries) and Frame.Notice (above everything: a joined
// game's link banner). A screen registered with RegisterShared is made for
// one tablet passed round the table; a frame that plays one seat (Frame.Seat,
// a LAN tablet) shows the generic screen for its system instead.
package play
