package lorphase

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// prompts are the questions the view asks this seat whatever the phase:
// a proposal to end the game, a request to undo.
func (p *Panel) prompts() []fyne.CanvasObject {
	var out []fyne.CanvasObject
	if p.v.EndProposedBy != "" && (p.allowed(landsofruin.CmdAgreeEnd) || p.allowed(landsofruin.CmdRefuseEnd)) {
		out = append(out, heading(p.v.EndProposedBy+" proposes to end the game"),
			para("When everyone agrees, the outstanding hits are resolved and each player marks their objectives."),
			grid(2, []fyne.CanvasObject{
				NewTile("Agree to end", "", func() { p.do(landsofruin.CmdAgreeEnd, nil) }),
				NewTile("Play on", "", func() { p.do(landsofruin.CmdRefuseEnd, nil) }),
			}))
	} else if p.v.EndProposedBy != "" {
		out = append(out, para(p.v.EndProposedBy+" proposed to end the game; waiting for the others to answer."))
	}
	if by := p.v.UndoRequestedBy; by != "" {
		what := "the last phase change"
		if p.v.UndoCommand {
			what = by + "'s last command"
		}
		switch {
		case by == p.v.Seat && p.allowed(landsofruin.CmdDenyUndo):
			out = append(out, heading("You asked to undo "+what),
				para("Waiting for the other players to approve."),
				NewTile("Withdraw the request", "", func() { p.do(landsofruin.CmdDenyUndo, nil) }))
		case p.allowed(landsofruin.CmdApproveUndo) || p.allowed(landsofruin.CmdDenyUndo):
			out = append(out, heading(by+" asks to undo "+what),
				grid(2, []fyne.CanvasObject{
					NewTile("Approve", "", func() { p.do(landsofruin.CmdApproveUndo, nil) }),
					NewTile("Deny", "", func() { p.do(landsofruin.CmdDenyUndo, nil) }),
				}))
		default:
			out = append(out, para(by+" asked to undo "+what+"; waiting for the answers."))
		}
	}
	return out
}

// me is this seat's player.
func (p *Panel) me() (landsofruin.PlayerView, bool) {
	for _, pl := range p.v.Players {
		if pl.Seat == p.v.Seat {
			return pl, true
		}
	}
	return landsofruin.PlayerView{}, false
}

// objectivesPanel: mark the objectives achieved (count by buttons), then
// say ready.
func (p *Panel) objectivesPanel() []fyne.CanvasObject {
	if p.watching() {
		out := []fyne.CanvasObject{heading("Objectives"), para("The players mark the objectives their teams achieved, then say they are ready.")}
		if p.v.Prompt != "" {
			out = append(out, para(sentence(p.v.Prompt)+"."))
		}
		return out
	}
	out := []fyne.CanvasObject{heading("Objectives"), para("Mark each objective of your role as many times as your team achieved it, then say you are ready.")}
	me, _ := p.me()
	counts := map[string]int{}
	for _, o := range me.Objectives {
		counts[o.ID] = o.Count
	}
	a, ok := p.aff(landsofruin.CmdMarkObj)
	if ok && !a.Allowed && len(a.Args) == 0 {
		out = append(out, para("✕ "+a.Reason))
	}
	for _, ch := range p.choices(landsofruin.CmdMarkObj, "objective", "") {
		id, n := ch.Value, counts[ch.Value]
		out = append(out, subheading(ch.Label), para(ch.Note))
		if ch.Disabled != "" {
			out = append(out, para("✕ "+ch.Disabled))
			continue
		}
		set := func(k int) func() {
			return func() { p.do(landsofruin.CmdMarkObj, map[string]any{"objective": id, "count": k}) }
		}
		less := NewTile("−1", "", set(n-1))
		less.Center, less.Disabled = true, n == 0
		more := NewTile("+1", "", set(n+1))
		more.Center = true
		val := large(strconv.Itoa(n) + " ×")
		val.Alignment = fyne.TextAlignCenter
		out = append(out, grid(3, []fyne.CanvasObject{less, val, more}))
	}
	out = append(out, para(fmt.Sprintf("Your points: %d", me.Points)))
	if r, ok := p.aff(landsofruin.CmdReady); ok {
		switch {
		case r.Allowed:
			out = append(out, NewTile("Ready: my objectives are marked", "", func() { p.do(landsofruin.CmdReady, nil) }))
		case me.Ready:
			out = append(out, para("You are ready; waiting for the other players."))
		default:
			out = append(out, disabledTile("Ready", "", r.Reason))
		}
	}
	return out
}

// overPanel: the placements.
func (p *Panel) overPanel() []fyne.CanvasObject {
	out := []fyne.CanvasObject{heading("The game is over")}
	for _, r := range p.v.Result {
		out = append(out, large(fmt.Sprintf("%d. %s: %d points", r.Place, r.Name, r.Score)))
	}
	return out
}
