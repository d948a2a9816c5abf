package ruunara

import (
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// pickKinds are the pick-one questions (RU-D62b); every other kind is a
// tick list, or yes/no with one line.
var pickKinds = map[string]bool{"sight": true, "nearest": true}

// answer answers the open question (RU-D62).
func (x *decider) answer(a console.Args) error {
	g := x.g
	p := g.Prompt
	id := strings.ToLower(strings.TrimSpace(a.String("q")))
	if g.UndoAsk != nil && id == g.UndoAsk.QID {
		return x.answerUndo(a)
	}
	if id != p.QID {
		n, err := strconv.Atoi(strings.TrimPrefix(id, "q"))
		if err == nil && strings.HasPrefix(id, "q") && n >= 1 && n <= g.NextQ {
			return console.Reject("question %s is already answered", id)
		}
		return console.RejectTry(console.ReasonNotFound, "answer q="+p.QID, "that question (%s) is not the open one", id)
	}
	q, err := fillAnswers(g, p, a)
	if err != nil {
		return err
	}
	x.emit(EvQuestionAnswer, QuestionAnswered{ID: p.QID, Seat: x.seat, Q: q, Slot: p.Slot})
	x.setPrompt(nil)
	if p.QKind == "cover" && p.Attack != nil {
		at := *p.Attack
		x.coverAnswered(&at, q.Lines[0].Answer == "yes")
		return nil
	}
	x.answered(q, p.Slot, p.Then)
	return nil
}

// fillAnswers checks an answer against the question and writes it into a
// copy of the question's lines.
func fillAnswers(g *state, p *prompt, a console.Args) (rn.Question, error) {
	q := p.Q
	q.Lines = append([]rn.Line(nil), p.Q.Lines...)
	listed := make([]string, len(q.Lines))
	for i, l := range q.Lines {
		listed[i] = l.Unit
		q.Lines[i].Answer = l.Default
	}
	line := func(unit string) int {
		for i, l := range q.Lines {
			if strings.EqualFold(l.Unit, unit) {
				return i
			}
		}
		return -1
	}
	notListed := func(u string) error {
		return console.RejectWith(console.ReasonBadInput, "%s is not listed in this question (listed: %s)", strings.ToUpper(u), strings.Join(listed, ", "))
	}
	if pickKinds[p.QKind] {
		// a listed enemy left out keeps its default (RU-D62b)
		picked := map[int]bool{}
		for _, part := range strings.Split(a.String("pick"), ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			u, v, ok := strings.Cut(part, ":")
			if !ok {
				return q, console.RejectTry(console.ReasonBadInput, "answer pick=E4:H2,E5:none", "each pick is an enemy and a hero, or none (%q is not)", part)
			}
			i := line(strings.TrimSpace(u))
			if i < 0 {
				return q, notListed(u)
			}
			v = strings.TrimSpace(v)
			opt := ""
			for _, o := range q.Lines[i].Options {
				if strings.EqualFold(o, v) {
					opt = o
				}
			}
			if opt == "" {
				if p.QKind == "nearest" {
					var names []string
					for _, o := range q.Lines[i].Options {
						names = append(names, g.name(o))
					}
					return q, console.RejectWith(console.ReasonBadInput, "the nearest hero must be one of the fight's heroes: %s", strings.Join(names, ", "))
				}
				if g.hero(v) == nil && !strings.EqualFold(v, "none") {
					return q, console.RejectWith(console.ReasonBadInput, "%s is not a hero", strings.ToUpper(v))
				}
				return q, console.RejectWith(console.ReasonBadInput, "%s cannot be picked for %s (choices: %s)", v, q.Lines[i].Unit, strings.Join(q.Lines[i].Options, ", "))
			}
			if picked[i] {
				return q, console.RejectWith(console.ReasonBadInput, "%s is picked twice", q.Lines[i].Unit)
			}
			picked[i] = true
			q.Lines[i].Answer = opt
		}
		return q, nil
	}
	// tick lists and yes/no
	if a.Has("value") {
		if len(q.Lines) != 1 {
			return q, console.RejectTry(console.ReasonBadInput, "answer ticks=E3,E5", "the question has %d lines: tick the true ones, or none", len(q.Lines))
		}
		q.Lines[0].Answer = a.String("value")
		return q, nil
	}
	if !a.Has("ticks") {
		if len(q.Lines) == 1 {
			return q, console.RejectTry(console.ReasonBadInput, "answer value=yes", "answer the question with yes or no")
		}
		return q, console.RejectTry(console.ReasonBadInput, "answer ticks=E3,E5", "tick the true lines, or none")
	}
	for i := range q.Lines {
		q.Lines[i].Answer = "no"
	}
	t := strings.TrimSpace(a.String("ticks"))
	if strings.EqualFold(t, "none") || t == "" {
		return q, nil
	}
	for _, u := range strings.Split(t, ",") {
		u = strings.TrimSpace(u)
		if u == "" {
			continue
		}
		i := line(u)
		if i < 0 {
			return q, notListed(u)
		}
		q.Lines[i].Answer = "yes"
	}
	return q, nil
}
