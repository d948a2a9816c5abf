// Package report builds the battle report of a game from its log: who
// played what, when, how it ended and what the table looks like now, as
// every seat may see it (the public view). A report renders as Markdown, as
// a self-contained HTML page, or as JSON through encoding/json.
//
// The package is pure: it reads a Session and formats text. It imports no
// GUI, file-system or database code, so the GUI, the command line and a
// future web export share it.
package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// Report is a game's battle report. Every field is what the public pseudo-seat
// may know: the history and the view never reveal a seat's secrets, and the
// game's description carries the dice seed only once the game has finished.
type Report struct {
	// Meta describes the game: id, system, title, seats, options, times,
	// undos.
	Meta console.GameInfo `json:"meta"`
	// Status is the outcome so far, with placements once finished.
	Status console.Status `json:"status"`
	// History is the public timeline, oldest first.
	History []console.HistoryLine `json:"history"`
	// View is the public view of the game as it stands.
	View console.View `json:"view"`
	// Facts describe the game's set-up in words, from a view that is
	// Summarised; a report with facts shows them instead of the options.
	Facts []Fact `json:"facts,omitempty"`
	// Sections are the system's own parts of the report (teams,
	// characters), from a view that is Sectioned. The Markdown and HTML
	// show them and never the view itself (ids and field names are for
	// programs; the JSON report keeps View for them).
	Sections []Section `json:"sections,omitempty"`
	// Pictures are images of the table the players added at moments they
	// chose; Build leaves them empty, the caller adds them (they are kept
	// beside the game, not in its log).
	Pictures []Picture `json:"pictures,omitempty"`
}

// Picture is a PNG image in the report, with its caption.
type Picture struct {
	Caption string `json:"caption"`
	PNG     []byte `json:"png"`
}

// dataURL is the picture as a data: URL, for a report in one file.
func (p Picture) dataURL() string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(p.PNG)
}

// Section is a part of the report a game system adds: a titled paragraph
// and table, plain text in every cell (the renderers escape it).
type Section struct {
	Title  string     `json:"title"`
	Text   string     `json:"text,omitempty"`
	Header []string   `json:"header,omitempty"`
	Rows   [][]string `json:"rows,omitempty"`
}

// Fact is one line of the report's summary: a label and its value, in a
// player's words ("Map", "Crossroads (4'×4')").
type Fact struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Summarised is a view that describes its game's set-up in words for the
// report's summary (scenario, map, rules …), built from the view alone;
// a report whose view is Summarised shows these facts instead of the raw
// setup options.
type Summarised interface {
	ReportFacts() []Fact
}

// Sectioned is a view that adds sections of its own to the battle report,
// built from the view alone (the public view: what every seat may know).
type Sectioned interface {
	ReportSections() []Section
}

// Build reads a report from a game in play, local or joined: its
// description, status, public history and public view.
func Build(g console.Game) (Report, error) {
	if g == nil {
		return Report{}, fmt.Errorf("report: no game")
	}
	info := g.Info()
	hist, err := g.History(console.Public, 0)
	if err != nil {
		return Report{}, fmt.Errorf("report on game %s: history: %w", info.ID, err)
	}
	st, err := g.State(console.Public)
	if err != nil {
		return Report{}, fmt.Errorf("report on game %s: view: %w", info.ID, err)
	}
	if hist == nil {
		hist = []console.HistoryLine{}
	}
	if info.Updated.IsZero() && len(hist) > 0 && hist[len(hist)-1].At != 0 {
		// A running game: last updated when the last public line happened.
		info.Updated = time.UnixMilli(hist[len(hist)-1].At).UTC()
	}
	r := Report{
		Meta:    info,
		Status:  st.Status,
		History: hist,
		View:    st.View,
	}
	if sv, ok := st.View.(Sectioned); ok {
		r.Sections = sv.ReportSections()
	}
	if fv, ok := st.View.(Summarised); ok {
		r.Facts = fv.ReportFacts()
	}
	return r, nil
}

// JSON returns the report as indented JSON, ending in a newline. It does
// not escape <, > and & (it is not meant to be pasted into HTML).
func JSON(r Report) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, fmt.Errorf("report on game %s: encode JSON: %w", r.Meta.ID, err)
	}
	return buf.Bytes(), nil
}

// timeLayout is how the report writes wall-clock times, always in UTC.
const timeLayout = "2006-01-02 15:04:05"

// FormatTime renders t in UTC, or "—" for the zero time.
func FormatTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format(timeLayout) + " UTC"
}

// FormatAt renders an event's At (Unix milliseconds) in UTC, or "—" when the
// event carries no time.
func FormatAt(ms int64) string {
	if ms == 0 {
		return "—"
	}
	return time.UnixMilli(ms).UTC().Format(timeLayout)
}

// title returns the game's title, or the system's name when it has none.
func (r Report) title() string {
	if t := strings.TrimSpace(r.Meta.Title); t != "" {
		return t
	}
	if r.Meta.System.Name != "" {
		return r.Meta.System.Name
	}
	return "Game " + r.Meta.ID
}

// seats lists the game's seats in setup order.
func (r Report) seats() string {
	s := make([]string, len(r.Meta.Seats))
	for i, x := range r.Meta.Seats {
		s[i] = string(x)
	}
	if len(s) == 0 {
		return "—"
	}
	return strings.Join(s, ", ")
}

// state says in a word or two where the game stands.
func (r Report) state() string {
	if r.Status.Finished {
		return "Finished"
	}
	return "In progress"
}

// options renders the setup options as "k: v; k: v" in key order, for
// a system whose view gives no facts in words (Summarised).
func (r Report) options() string {
	var out []string
	for _, k := range console.SortedKeys(r.Meta.Options) {
		out = append(out, k+": "+r.Meta.Options[k])
	}
	return strings.Join(out, "; ")
}

// facts are the summary's lines: the system, the players, the set-up
// (the view's facts in words, else the options), the times, the status,
// the events and the undos.
func (r Report) facts() []Fact {
	out := []Fact{{"Game", r.Meta.System.Name}, {"Players", r.seats()}}
	if len(r.Facts) > 0 {
		out = append(out, r.Facts...)
	} else if o := r.options(); o != "" {
		out = append(out, Fact{"Options", o})
	}
	return append(out,
		Fact{"Started", FormatTime(r.Meta.Created)},
		Fact{"Last played", FormatTime(r.Meta.Updated)},
		Fact{"Status", r.state() + ": " + r.Status.Summary},
		Fact{"Events", strconv.Itoa(len(r.History))},
		Fact{"Undos", r.undos()})
}

// placeRow is one line of the placements table.
type placeRow struct {
	Place string
	Name  string
	Seat  string
	Score int
}

// placeRows renders the placements, marking places that are shared.
func (r Report) placeRows() []placeRow {
	count := map[int]int{}
	for _, p := range r.Status.Placements {
		count[p.Place]++
	}
	rows := make([]placeRow, len(r.Status.Placements))
	for i, p := range r.Status.Placements {
		place := strconv.Itoa(p.Place)
		if count[p.Place] > 1 {
			place += " (tied)"
		}
		name := p.Name
		if name == "" {
			name = string(p.Seat)
		}
		rows[i] = placeRow{Place: place, Name: name, Seat: string(p.Seat), Score: p.Score}
	}
	return rows
}

// undos says how many commands were taken back.
func (r Report) undos() string {
	if !r.Status.Finished {
		// Withheld while the game runs: an undo may have been of a hidden
		// command (console.GameInfo).
		return "counted at the end"
	}
	switch r.Meta.Undos {
	case 0:
		return "none"
	case 1:
		return "1 command taken back"
	}
	return fmt.Sprintf("%d commands taken back", r.Meta.Undos)
}
