package play

import (
	"bytes"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
)

// ReportScreen shows a game's battle report, rendered from Markdown, with
// the pictures of the table the players took, and saves it as Markdown or
// HTML (one file each, pictures inside). It implements kit.Screen.
type ReportScreen struct {
	root fyne.CanvasObject
	// text is the rendered report.
	text *widget.RichText
	// markdown is the report's source.
	markdown string
	// rep is the report, pictures included.
	rep report.Report
	win fyne.Window
}

// Report returns the report shown.
func (r *ReportScreen) Report() report.Report { return r.rep }

// Content is the screen's widget tree.
func (r *ReportScreen) Content() fyne.CanvasObject { return r.root }

// Leave does nothing.
func (r *ReportScreen) Leave() {}

// Markdown returns the report's Markdown source.
func (r *ReportScreen) Markdown() string { return r.markdown }

// Text returns the rendered report.
func (r *ReportScreen) Text() *widget.RichText { return r.text }

// ShowReport shows g's battle report through nav. With fromGame, Back
// returns to the game; otherwise to the home screen, and an "Open game"
// button opens the game (where Undo can reopen a finished one).
func ShowReport(nav Nav, g console.Game, fromGame bool) {
	showReport(nav, g, fromGame, "")
}

// showReport is ShowReport; with fromGame, Back reopens the game playing
// seat only ("" every seat), as the frame it came from did: a tablet that
// plays one seat must not come back from the report as a hot-seat tablet,
// whose hand-over screen offers every seat's screen.
func showReport(nav Nav, g console.Game, fromGame bool, seat console.Seat) {
	rep, err := report.Build(g)
	if err != nil {
		nav.ShowError("Could not build the battle report", err)
		return
	}
	pics, perr := Pictures(nav.App(), rep.Meta.ID)
	rep.Pictures = pics
	// The screen shows the pictures as images; its text leaves them out
	// (RichText does not draw data URLs).
	text := rep
	text.Pictures = nil
	r := &ReportScreen{markdown: report.Markdown(rep), rep: rep, win: nav.Window()}
	r.text = widget.NewRichTextFromMarkdown(tablesAsLists(report.Markdown(text)))
	r.text.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(r.text)
	if perr != nil {
		body.Add(kit.Wrapped("The pictures of the table could not be read: " + kit.ErrorText(perr)))
	}
	if len(pics) > 0 {
		body.Add(kit.Subheading("Pictures of the table"))
		for _, p := range pics {
			img := canvas.NewImageFromReader(bytes.NewReader(p.PNG), "table.png")
			img.FillMode = canvas.ImageFillContain
			img.SetMinSize(fyne.NewSize(360, 360))
			body.Add(img)
			body.Add(kit.Caption(p.Caption))
		}
	}
	saveMD := widget.NewButtonWithIcon("Save as Markdown", theme.DocumentSaveIcon(), func() { r.save("md") })
	saveHTML := widget.NewButtonWithIcon("Save as HTML", theme.DocumentSaveIcon(), func() { r.save("html") })
	foot := container.NewHBox(saveMD, saveHTML)

	var back, open *widget.Button
	if fromGame {
		back = widget.NewButtonWithIcon("Back to game", theme.NavigateBackIcon(), func() { nav.ShowGameAs(g, seat) })
	} else {
		back = widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), nav.Home)
		open = widget.NewButtonWithIcon("Open game", theme.FolderOpenIcon(), func() { nav.ShowGame(g) })
	}
	var trailing fyne.CanvasObject
	if open != nil {
		trailing = open
	}
	bar := kit.TopBar(back, kit.Heading("Battle report"), trailing)
	r.root = container.NewBorder(bar, container.NewPadded(foot), nil, nil, container.NewVScroll(container.NewPadded(body)))
	nav.Show(r)
}

// Export renders the report as a file's bytes: "md" for Markdown, "html"
// for HTML, each one file with the pictures inside.
func (r *ReportScreen) Export(format string) []byte {
	if format == "html" {
		return []byte(report.HTML(r.rep))
	}
	return []byte(report.Markdown(r.rep))
}

// FileName is the name offered for the saved report.
func (r *ReportScreen) FileName(format string) string {
	name := strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			return c
		}
		return '-'
	}, strings.TrimSpace(r.rep.Meta.Title))
	if name == "" {
		name = "game-" + r.rep.Meta.ID
	}
	return name + "-report." + format
}

// save asks where to save the report (Fyne's file dialog: the device's
// storage or a share target on a tablet) and writes it there.
func (r *ReportScreen) save(format string) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.NewCustom("The report was not saved", "Close", kit.ErrorContent(err, 60), r.win).Show()
			return
		}
		if w == nil {
			return // cancelled
		}
		_, werr := w.Write(r.Export(format))
		if cerr := w.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			dialog.NewCustom("The report was not saved", "Close", kit.ErrorContent(werr, 60), r.win).Show()
			return
		}
		dialog.ShowInformation("Report saved", "Saved as "+w.URI().Name()+".", r.win)
	}, r.win)
	d.SetFileName(r.FileName(format))
	d.Show()
}

// tablesAsLists rewrites the GitHub tables in a Markdown document as bullet
// lists, because Fyne's RichText does not render tables (its Markdown
// parser is plain CommonMark). A table whose header cells are all empty is
// a key/value table: each row becomes "- **key**: value". Any other table
// keeps its columns, each value under its heading: each row becomes
// "- **first** · Heading: second · …". Cells
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
			// Each value keeps its column's heading ("Score: 5"), so a
			// row read as a list line still says what each value is.
			var rest []string
			for j, c := range cells[1:] {
				switch {
				case c == "":
				case !keyValue && j+1 < len(header) && header[j+1] != "":
					rest = append(rest, header[j+1]+": "+c)
				default:
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
