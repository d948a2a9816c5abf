package lorscreen

import (
	"bytes"
	"fmt"
	"image/png"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"

	"github.com/commandconsole/commandconsole/app/lorwidget"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// pictureSize is the size of a map picture in the battle report.
var pictureSize = fyne.NewSize(900, 900)

// tablePicture draws v's table map as a PNG, off screen (Fyne's software
// painter). The report's pictures are drawn from the public view, so they
// show what every seat may know.
func tablePicture(v landsofruin.View) ([]byte, error) {
	m := lorwidget.NewTableMap(v)
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetContent(m)
	c.Resize(pictureSize)
	var buf bytes.Buffer
	if err := png.Encode(&buf, c.Capture()); err != nil {
		return nil, fmt.Errorf("draw the table: %w", err)
	}
	return buf.Bytes(), nil
}

// pictureCaption names the moment of a picture.
func pictureCaption(v landsofruin.View) string {
	switch v.Phase {
	case landsofruin.PhaseOver:
		return "The table at the end"
	case landsofruin.PhaseSetup, landsofruin.PhasePreGame:
		return "The table before the battle"
	}
	if v.Current != "" {
		return fmt.Sprintf("Turn %d, %s's %s", v.Turn, v.Current, landsofruin.PhaseTitle(v.Phase))
	}
	return fmt.Sprintf("Turn %d", v.Turn)
}

// addPicture adds a picture of the table as every seat sees it now to the
// battle report.
func (s *Screen) addPicture() {
	st, err := s.frame.Game().State(console.Public)
	if err != nil {
		s.frame.Fail(err)
		return
	}
	v, ok := st.View.(landsofruin.View)
	if !ok {
		s.frame.Fail(fmt.Errorf("the game's public view is a %T, not a Lands of Ruin view", st.View))
		return
	}
	b, err := tablePicture(v)
	if err == nil {
		err = s.frame.AddPicture(pictureCaption(v), b)
	}
	if err != nil {
		s.frame.Fail(fmt.Errorf("add a picture of the table to the report: %w", err))
	}
}
