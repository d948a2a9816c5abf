package lorscreen

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// This file shows what the whole table must see at once: the news of the
// last command (a death, a leader's fall, a rout …) in a dialog the
// player closes, and, on a shared tablet, another player's consent to a
// take-back asked in a dialog on the same screen.

// announce shows v's news in a dialog when it is new to this tablet: once
// per command, whichever seat's screen is up.
func (s *Screen) announce(v landsofruin.View) {
	if len(v.News) == 0 {
		return
	}
	key := strings.Join(v.News, "\n")
	if n := len(s.lastLines); n > 0 {
		key = fmt.Sprintf("%d|%s", s.lastLines[n-1].Seq, key)
	}
	if key == s.newsKey {
		return
	}
	s.newsKey = key
	var rows []fyne.CanvasObject
	for _, n := range v.News {
		l := widget.NewLabel(n)
		l.Wrapping = fyne.TextWrapWord
		l.SizeName = theme.SizeNameSubHeadingText
		l.TextStyle.Bold = true
		rows = append(rows, l)
	}
	if s.newsDialog != nil {
		s.newsDialog.Hide()
	}
	d := dialog.NewCustom("News from the table", "Got it", container.NewVScroll(container.NewVBox(rows...)), s.frame.Window())
	s.sizeDialog(d)
	s.newsDialog = d
	d.Show()
}

// NewsShown are the headlines of the news dialog on show, nil when none
// is.
func (s *Screen) NewsShown() []string {
	if s.newsDialog == nil || s.newsKey == "" {
		return nil
	}
	return strings.Split(s.newsKey[strings.Index(s.newsKey, "|")+1:], "\n")
}

// sizeDialog makes a dialog as wide as a phone allows and tall enough for
// its text at any text size, within the window.
func (s *Screen) sizeDialog(d dialog.Dialog) {
	size := s.frame.Window().Canvas().Size()
	d.Resize(fyne.NewSize(min(size.Width*0.9, 640), min(size.Height*0.7, 520)))
}

// asksConsent reports whether seat, not the holder, is asked to agree to
// a take-back, which on a shared tablet it answers in a dialog on the
// holder's screen: the answer shows no secret, so no hand-over is needed.
func asksConsent(v landsofruin.View) bool {
	return v.UndoRequestedBy != "" && v.UndoRequestedBy != v.Seat &&
		(allowed(v, landsofruin.CmdApproveUndo) || allowed(v, landsofruin.CmdDenyUndo))
}

// undoWhat says what a take-back asked of v's seat takes back, in the
// game's words.
func undoWhat(v landsofruin.View) string {
	switch {
	case v.UndoWhat != "":
		return v.UndoWhat
	case v.UndoCommand:
		return v.UndoRequestedBy + "'s last command"
	}
	return "the last phase change"
}

// showConsent replaces the screen with a neutral one (nothing of any
// seat's secrets) and asks seat, in a dialog, whether it agrees to the
// take-back its view names; the holder's screen comes back after the
// answer, with no hand-over either way.
func (s *Screen) showConsent(seat console.Seat, v landsofruin.View) {
	s.clearParts()
	asker := v.UndoRequestedBy
	what := undoWhat(v)
	s.handTitle.SetText(fmt.Sprintf("%s asks %s to agree", asker, seat))
	s.handWhy.SetText(fmt.Sprintf("%s asks to take this back: %s", asker, sentenceEnd(what)))
	s.handBtn.Hide()
	s.overBtns.Objects = nil
	s.overBtns.Refresh()
	s.root.Objects = []fyne.CanvasObject{s.handover}
	s.root.Refresh()

	key := string(seat) + "|" + asker + "|" + what
	if s.consentDialog != nil && s.consentKey == key {
		return
	}
	if s.consentDialog != nil {
		s.consentDialog.Hide()
	}
	s.consentKey = key
	msg := widget.NewLabel(fmt.Sprintf("%s asks to take this back:\n%s\n\n%s, do you agree?", asker, sentenceEnd(what), seat))
	msg.Wrapping = fyne.TextWrapWord
	msg.SizeName = theme.SizeNameSubHeadingText
	agree := widget.NewButtonWithIcon(fmt.Sprintf("%s agrees", seat), theme.ConfirmIcon(), func() {
		s.answerConsent(seat, landsofruin.CmdApproveUndo)
	})
	agree.Importance = widget.HighImportance
	refuse := widget.NewButtonWithIcon(fmt.Sprintf("%s refuses", seat), theme.CancelIcon(), func() {
		s.answerConsent(seat, landsofruin.CmdDenyUndo)
	})
	// The answers one under the other: side by side they would not fit
	// a phone at a large text size.
	d := dialog.NewCustomWithoutButtons("Take back a command?", container.NewVScroll(container.NewVBox(msg, agree, refuse)), s.frame.Window())
	s.sizeDialog(d)
	s.consentDialog = d
	d.Show()
}

// answerConsent gives seat's answer to the take-back, then shows the
// holder's screen again.
func (s *Screen) answerConsent(seat console.Seat, cmd string) {
	if s.consentDialog != nil {
		s.consentDialog.Hide()
		s.consentDialog, s.consentKey = nil, ""
	}
	err := s.frame.Run(func() error {
		_, err := s.frame.Game().Do(seat, console.Command{Name: cmd})
		return err
	})
	if err != nil {
		s.frame.Fail(plainErr(err))
		s.Refresh()
	}
}

// ConsentAsked is the seat asked in the consent dialog on show, "" when
// none is.
func (s *Screen) ConsentAsked() console.Seat {
	if s.consentDialog == nil {
		return ""
	}
	return console.Seat(s.consentKey[:strings.Index(s.consentKey, "|")])
}

// sentenceEnd ends s with a full stop unless it has one.
func sentenceEnd(s string) string {
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}
