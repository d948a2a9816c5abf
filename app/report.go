package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
)

// reportScreen shows a game's battle report, rendered from Markdown.
type reportScreen struct {
	ui   *UI
	root fyne.CanvasObject
	// text is the rendered report.
	text *widget.RichText
	// markdown is the report's source.
	markdown string
}

func (r *reportScreen) content() fyne.CanvasObject { return r.root }
func (r *reportScreen) leave()                     {}

// showFinished opens a finished game's battle report from the home screen.
func (u *UI) showFinished(m console.GameMeta) {
	sess, err := u.openSession(m)
	if err != nil {
		u.showError("Could not open the game", err)
		return
	}
	u.showReport(sess, false)
}

// showReport shows g's battle report. With fromGame, Back returns to
// the game; otherwise to the home screen, and an "Open game" button opens
// the pad (where Undo can reopen it).
func (u *UI) showReport(sess console.Game, fromGame bool) {
	rep, err := report.Build(sess)
	if err != nil {
		u.showError("Could not build the battle report", err)
		return
	}
	r := &reportScreen{ui: u, markdown: report.Markdown(rep)}
	r.text = widget.NewRichTextFromMarkdown(tablesAsLists(r.markdown))
	r.text.Wrapping = fyne.TextWrapWord

	var back, open *widget.Button
	if fromGame {
		back = widget.NewButtonWithIcon("Back to game", theme.NavigateBackIcon(), func() { u.showGame(sess) })
	} else {
		back = widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), u.showHome)
		open = widget.NewButtonWithIcon("Open game", theme.FolderOpenIcon(), func() { u.showGame(sess) })
	}
	var trailing fyne.CanvasObject
	if open != nil {
		trailing = open
	}
	bar := topBar(back, heading("Battle report"), trailing)
	r.root = container.NewBorder(bar, nil, nil, nil, container.NewVScroll(container.NewPadded(r.text)))
	u.show(r)
}

// tablesAsLists rewrites the GitHub tables in a Markdown document as bullet
// lists, because Fyne's RichText does not render tables (its Markdown
// parser is plain CommonMark). A table whose header cells are all empty is
// a key/value table: each row becomes "- **key**: value". Any other table
// keeps its columns: each row becomes "- **first** · second · …". Cells
// keep their Markdown escapes; an escaped "\|" does not split a cell.
func tablesAsLists(md string) string {
	lines := strings.Split(md, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		if !isTableRow(lines[i]) || i+1 >= len(lines) || !isTableRule(lines[i+1]) {
			out = append(out, lines[i])
			continue
		}
		header := tableCells(lines[i])
		keyValue := true
		for _, h := range header {
			if h != "" {
				keyValue = false
			}
		}
		i += 2
		for ; i < len(lines) && isTableRow(lines[i]); i++ {
			cells := tableCells(lines[i])
			if len(cells) == 0 {
				continue
			}
			var rest []string
			for _, c := range cells[1:] {
				if c != "" {
					rest = append(rest, c)
				}
			}
			switch {
			case keyValue && len(rest) > 0:
				out = append(out, "- **"+cells[0]+"**: "+strings.Join(rest, " · "))
			case len(rest) > 0:
				out = append(out, "- **"+cells[0]+"** · "+strings.Join(rest, " · "))
			default:
				out = append(out, "- "+cells[0])
			}
		}
		i-- // the loop's i++ moves past the table's last row
	}
	return strings.Join(out, "\n")
}

// isTableRow reports whether line looks like a table row.
func isTableRow(line string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= 2 && strings.HasPrefix(t, "|") && strings.HasSuffix(t, "|")
}

// isTableRule reports whether line is a table's header rule (|---|:--:|).
func isTableRule(line string) bool {
	if !isTableRow(line) {
		return false
	}
	for _, c := range tableCells(line) {
		if strings.Trim(c, ":-") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return true
}

// tableCells splits a table row into trimmed cells, honouring "\|".
func tableCells(line string) []string {
	t := strings.TrimSpace(line)
	t = strings.TrimPrefix(t, "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	var cells []string
	var cur strings.Builder
	escaped := false
	for _, r := range t {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\':
			cur.WriteRune(r)
			escaped = true
		case r == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}
