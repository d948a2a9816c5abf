package report

import (
	"fmt"
	"strings"
)

// Markdown renders the report as a Markdown document (CommonMark with GitHub
// tables). Text from the game (title, seat names, history) is escaped, so
// it cannot inject markup.
func Markdown(r Report) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }

	p("# %s\n\n", mdText(r.title()))
	p("%s battle report\n\n", mdText(r.Meta.System.Name))

	p("## The game\n\n")
	for _, f := range r.facts() {
		p("- **%s:** %s\n", mdText(f.Label), mdText(f.Value))
	}
	p("\n")

	p("## Placements\n\n")
	if rows := r.placeRows(); len(rows) > 0 {
		p("| Place | Player | Score |\n|---|---|---:|\n")
		for _, row := range rows {
			p("| %s | %s | %d |\n", row.Place, mdText(row.Name), row.Score)
		}
		p("\n")
	} else {
		p("The game is not finished: %s.\n\n", mdText(r.Status.Summary))
	}

	for _, sec := range r.Sections {
		p("## %s\n\n", mdText(sec.Title))
		if sec.Text != "" {
			p("%s\n\n", mdText(sec.Text))
		}
		if len(sec.Header) > 0 {
			p("|")
			for _, h := range sec.Header {
				p(" %s |", mdText(h))
			}
			p("\n|%s\n", strings.Repeat("---|", len(sec.Header)))
			for _, row := range sec.Rows {
				p("|")
				for i := range sec.Header {
					cell := ""
					if i < len(row) {
						cell = row[i]
					}
					p(" %s |", mdText(cell))
				}
				p("\n")
			}
			p("\n")
		}
	}

	if len(r.Pictures) > 0 {
		p("## Pictures of the table\n\n")
		for _, pic := range r.Pictures {
			p("![%s](%s)\n\n%s\n\n", mdText(pic.Caption), pic.dataURL(), mdText(pic.Caption))
		}
	}

	p("## Timeline\n\n")
	if len(r.History) == 0 {
		p("Nothing has been played yet.\n\n")
	} else {
		p("| # | Time (UTC) | Player | Event |\n|---:|---|---|---|\n")
		for _, h := range r.History {
			p("| %d | %s | %s | %s |\n", h.Seq, FormatAt(h.At), mdText(string(h.Seat)), mdText(h.Text))
		}
		p("\n")
	}
	return b.String()
}

// mdText escapes text for a Markdown paragraph, heading or table cell:
// Markdown's punctuation is backslash-escaped, "<" and "&" so that no HTML
// reaches a renderer, and line breaks become spaces.
func mdText(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '#', '~', '&', '!':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}
