package report

import (
	"html/template"
	"strings"
)

// htmlPage is the report page: one file with its style inline, no scripts,
// no external resources. html/template escapes every value.
var htmlPage = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · battle report</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #e8e8e8; background: #1c1c1e; line-height: 1.45; }
h1 { margin-bottom: .2rem; }
.sub { color: #a0a0a8; margin-top: 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { text-align: left; padding: .3rem .8rem; border-bottom: 1px solid #3a3a3c; vertical-align: top; }
td.num, th.num { text-align: right; }
.facts th { color: #a0a0a8; font-weight: normal; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="sub">{{.Meta.System.Name}} battle report</p>
<h2>The game</h2>
<table class="facts">
{{- range .FactRows}}
<tr><th scope="row">{{.Label}}</th><td>{{.Value}}</td></tr>
{{- end}}
</table>
<h2>Placements</h2>
{{- if .Places}}
<table class="placements">
<tr><th>Place</th><th>Player</th><th class="num">Score</th></tr>
{{- range .Places}}
<tr><td>{{.Place}}</td><td>{{.Name}}</td><td class="num">{{.Score}}</td></tr>
{{- end}}
</table>
{{- else}}
<p>The game is not finished: {{.Status.Summary}}.</p>
{{- end}}
{{- range .Sections}}
<h2>{{.Title}}</h2>
{{- if .Text}}
<p>{{.Text}}</p>
{{- end}}
{{- if .Header}}
<table class="section">
<tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{- range .Rows}}
<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</table>
{{- end}}
{{- end}}
{{- if .Pictures}}
<h2>Pictures of the table</h2>
{{- range .Pics}}
<figure><img src="{{.URL}}" alt="{{.Caption}}" style="max-width:100%"><figcaption>{{.Caption}}</figcaption></figure>
{{- end}}
{{- end}}
<h2>Timeline</h2>
{{- if .History}}
<table class="timeline">
<tr><th class="num">#</th><th>Time (UTC)</th><th>Player</th><th>Event</th></tr>
{{- range .History}}
<tr><td class="num">{{.Seq}}</td><td>{{.Time}}</td><td>{{.Seat}}</td><td>{{.Text}}</td></tr>
{{- end}}
</table>
{{- else}}
<p>Nothing has been played yet.</p>
{{- end}}
</body>
</html>
`))

// htmlLine is one timeline row for the template.
type htmlLine struct {
	Seq              uint64
	Time, Seat, Text string
}

// htmlData is what the template reads.
type htmlData struct {
	Report
	Title    string
	FactRows []Fact
	Places   []placeRow
	History  []htmlLine
	Pics     []htmlPicture
}

// htmlPicture is a picture for the template: its data URL is made here
// from the PNG's bytes, so it is trusted as a URL.
type htmlPicture struct {
	Caption string
	URL     template.URL
}

// HTML renders the report as a complete, self-contained HTML page: inline
// style, no scripts, no external resources. Every piece of text from the
// game is escaped.
func HTML(r Report) string {
	d := htmlData{
		Report:   r,
		Title:    r.title(),
		FactRows: r.facts(),
		Places:   r.placeRows(),
	}
	for _, p := range r.Pictures {
		d.Pics = append(d.Pics, htmlPicture{Caption: p.Caption, URL: template.URL(p.dataURL())})
	}
	for _, h := range r.History {
		d.History = append(d.History, htmlLine{Seq: h.Seq, Time: FormatAt(h.At), Seat: string(h.Seat), Text: h.Text})
	}
	var b strings.Builder
	if err := htmlPage.Execute(&b, d); err != nil {
		// The template is fixed and its data plain strings: this cannot
		// happen short of a bug, and a page that says so beats a panic.
		return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>report</title></head><body><p>" +
			template.HTMLEscapeString("the report cannot be rendered: "+err.Error()) + "</p></body></html>\n"
	}
	return b.String()
}
