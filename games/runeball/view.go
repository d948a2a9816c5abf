package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// View is the match as one seat sees it (SPEC.md §2.5). Until both rosters
// are locked a seat sees the other team only as how many slots are filled
// and whether it is locked (RB-D63); the public view sees both teams so.
// After both locks everything is public. The dice generator's seed is
// never in a view. Slices are never null.
type View struct {
	Viewer console.Seat `json:"viewer" msgpack:"viewer"`
	// You is the viewer's team: "home", "away", or "" for the public.
	You           string     `json:"you" msgpack:"you"`
	Phase         string     `json:"phase" msgpack:"phase"`
	Half          int        `json:"half" msgpack:"half"`
	Round         int        `json:"round" msgpack:"round"`
	RoundsPerHalf int        `json:"rounds_per_half" msgpack:"rounds_per_half"`
	Score         [2]int     `json:"score" msgpack:"score"`
	Teams         []TeamView `json:"teams" msgpack:"teams"`
	// Keshat: the winner ("home"/"away") once recorded, the first and
	// second choice, and the kicking team once chosen.
	KeshatWinner string `json:"keshat_winner,omitempty" msgpack:"keshat_winner,omitempty"`
	FirstChoice  string `json:"first_choice,omitempty" msgpack:"first_choice,omitempty"`
	SecondChoice string `json:"second_choice,omitempty" msgpack:"second_choice,omitempty"`
	Kicking      string `json:"kicking,omitempty" msgpack:"kicking,omitempty"`
	// Ball is where the ball is.
	Ball BallView `json:"ball" msgpack:"ball"`
	// Prompt is what the match waits for; nil when a coach acts.
	Prompt *PromptView `json:"prompt,omitempty" msgpack:"prompt,omitempty"`
	// FreeQueue are the teams with a free activation to take, in order.
	FreeQueue []string `json:"free_queue" msgpack:"free_queue"`
	// Order is the round's initiative order, highest first (S0).
	Order []EntryView `json:"order" msgpack:"order"`
	// Suspended are the activations waiting to run, the next first.
	Suspended []string `json:"suspended" msgpack:"suspended"`
	// Windows are the teams' window modes, home then away (RB-D23).
	Windows []string `json:"windows" msgpack:"windows"`
	// Acting is the activation under way; nil between activations.
	Acting *ActivationView `json:"acting,omitempty" msgpack:"acting,omitempty"`
	// Scored announces the last score in words, from the touchdown or
	// field goal until the next kickoff is done; "" otherwise.
	Scored string `json:"scored,omitempty" msgpack:"scored,omitempty"`
	// Next says what happens now, in words; Try is the command-line hint
	// of it (the commands that do it, for ccctl), never shown on a screen.
	Next string `json:"next" msgpack:"next"`
	Try  string `json:"try,omitempty" msgpack:"try,omitempty"`
	// Waiting are the teams the match waits for now (both for dice, the
	// Keshat or two rosters still open): who the tablet should act as.
	Waiting []string `json:"waiting" msgpack:"waiting"`
	// CellsFor is the command a tap on the field makes now (place, kick)
	// and Cells the cells it may choose; only the team concerned gets them.
	CellsFor string   `json:"cells_for,omitempty" msgpack:"cells_for,omitempty"`
	Cells    []string `json:"cells" msgpack:"cells"`
	// KickerCells are the set-up cells the kicking team's kicker may
	// stand on (RB-D15), while that team sets up.
	KickerCells []string `json:"kicker_cells" msgpack:"kicker_cells"`
}

// EntryView is one player's place in the order: the initiative score
// (the first total, RB-D22), the tie re-rolls, and pending, done or
// skipped.
type EntryView struct {
	Player string `json:"player" msgpack:"player"`
	Score  int    `json:"score" msgpack:"score"`
	Keys   []int  `json:"keys" msgpack:"keys"`
	Status string `json:"status" msgpack:"status"`
}

// ActivationView is the acting player and what his activation has left:
// half actions, and the open move action's hexes (MoveLeft within the
// allowance, SprintLeft beyond it at 1d4 HP each).
type ActivationView struct {
	Player string `json:"player" msgpack:"player"`
	Team   string `json:"team" msgpack:"team"`
	Kind   string `json:"kind" msgpack:"kind"`
	// KindWords names a turn that is not a normal one ("blitz", "held
	// action"), in words; "" for a normal turn.
	KindWords  string `json:"kind_words,omitempty" msgpack:"kind_words,omitempty"`
	Halves     int    `json:"halves" msgpack:"halves"`
	MoveOpen   bool   `json:"move_open" msgpack:"move_open"`
	MoveLeft   int    `json:"move_left" msgpack:"move_left"`
	SprintLeft int    `json:"sprint_left" msgpack:"sprint_left"`
	// Commands are the commands the acting player may give now.
	Commands []string `json:"commands" msgpack:"commands"`
	// NewHalf and NewFull are the allowances of a new half or full move
	// action (after Slow), 0 when no such action is left; sprint adds 1 or
	// 2 hexes beyond them.
	NewHalf int `json:"new_half" msgpack:"new_half"`
	NewFull int `json:"new_full" msgpack:"new_full"`
	// HalfMax and FullMax are the most hexes a new half or full move may
	// walk, sprint included (0: no such move); PathMax the most a path
	// drawn now may have (the open move's hexes left with sprint, else a
	// new full move's, else a half move's). NextSteps applies them.
	HalfMax int `json:"half_max" msgpack:"half_max"`
	FullMax int `json:"full_max" msgpack:"full_max"`
	PathMax int `json:"path_max" msgpack:"path_max"`
	// Reach are the free cells a move could get to now through free cells
	// (the open move's hexes, else a new full or half move's, sprint
	// included).
	Reach []string `json:"reach" msgpack:"reach"`
	// HalfHex is the half-hex the open move has entered: a move action
	// enters at most one half-hex (l. 40, RB-D13), so once it is set no
	// other half-hex is in Reach, and a path drawn may hold only one.
	HalfHex string `json:"half_hex,omitempty" msgpack:"half_hex,omitempty"`
	// BlockTargets, PassTargets: whom block and pass may name now.
	BlockTargets []string `json:"block_targets" msgpack:"block_targets"`
	PassTargets  []string `json:"pass_targets" msgpack:"pass_targets"`
	// HandoffFrom is the team's ball carrier who may hand off now, to
	// one of HandoffTo.
	HandoffFrom string   `json:"handoff_from,omitempty" msgpack:"handoff_from,omitempty"`
	HandoffTo   []string `json:"handoff_to" msgpack:"handoff_to"`
}

// BallView is the ball.
type BallView struct {
	State     string `json:"state" msgpack:"state"` // none, held, rest, bouncing
	Cell      string `json:"cell,omitempty" msgpack:"cell,omitempty"`
	Holder    string `json:"holder,omitempty" msgpack:"holder,omitempty"`
	LastTouch string `json:"last_touch,omitempty" msgpack:"last_touch,omitempty"`
}

// PromptView is the open prompt (§2.6).
type PromptView struct {
	Kind string `json:"kind" msgpack:"kind"` // dice or choice
	// Team answers a choice ("home"/"away"); empty: either coach (dice).
	Team string `json:"team,omitempty" msgpack:"team,omitempty"`
	Cmd  string `json:"cmd,omitempty" msgpack:"cmd,omitempty"`
	// Text is what the prompt asks, in words; Try the command-line hint
	// that answers it (for ccctl), never shown on a screen.
	Text string `json:"text" msgpack:"text"`
	Try  string `json:"try,omitempty" msgpack:"try,omitempty"`
	// Dice are the dice wanted, in order: "d12", "d6" …, with their purposes.
	Dice     []string `json:"dice" msgpack:"dice"`
	Purposes []string `json:"purposes" msgpack:"purposes"`
	Options  []string `json:"options" msgpack:"options"`
	// Also are further commands that answer it (a window's blitz and
	// use-held beside let-act); Blitz and Held the players they may name.
	Also  []string `json:"also" msgpack:"also"`
	Blitz []string `json:"blitz" msgpack:"blitz"`
	Held  []string `json:"held" msgpack:"held"`
	// YouAnswer: the viewer may answer it.
	YouAnswer bool `json:"you_answer" msgpack:"you_answer"`
	// Answers are a choice prompt's answers as ready commands, one per
	// button; empty for a dice prompt (answered by roll).
	Answers []AnswerView `json:"answers" msgpack:"answers"`
	// Flight is a pass under way, the passer's cell and the receiver's
	// (to draw); Marked the cells the prompt is about (the interceptors
	// offered, the knockback cells offered).
	Flight []string `json:"flight" msgpack:"flight"`
	Marked []string `json:"marked" msgpack:"marked"`
}

// TeamView is one team as the viewer may see it.
type TeamView struct {
	Team   string `json:"team" msgpack:"team"` // home or away
	Seat   string `json:"seat" msgpack:"seat"`
	Locked bool   `json:"locked" msgpack:"locked"`
	// Filled is how many slots have a player (always shown).
	Filled int `json:"filled" msgpack:"filled"`
	// Hidden: the other coach's roster before both are locked (RB-D63):
	// Players is empty.
	Hidden bool `json:"hidden" msgpack:"hidden"`
	// SetupReady: the team closed its kickoff set-up.
	SetupReady bool         `json:"setup_ready" msgpack:"setup_ready"`
	Doctor     string       `json:"doctor,omitempty" msgpack:"doctor,omitempty"`
	Players    []PlayerView `json:"players" msgpack:"players"`
}

// PlayerView is one player's sheet.
type PlayerView struct {
	ID         string `json:"id" msgpack:"id"`
	Name       string `json:"name" msgpack:"name"`
	Background string `json:"background,omitempty" msgpack:"background,omitempty"`
	Boon       string `json:"boon,omitempty" msgpack:"boon,omitempty"`
	Empty      bool   `json:"empty" msgpack:"empty"`
	Complete   bool   `json:"complete" msgpack:"complete"`
	Improved   bool   `json:"improved" msgpack:"improved"`
	// Rolls are the eight 2d6+4 totals of a rolled player.
	Rolls []int `json:"rolls" msgpack:"rolls"`
	// Stats are the final stats in RB-F1's order (mus skl spd tou wit tec
	// cha); Bonus their bonuses (RB-D2).
	Stats []int `json:"stats" msgpack:"stats"`
	Bonus []int `json:"bonus" msgpack:"bonus"`
	// Skills: Block, Dodge, Catch, Pass, Kick (RB-D3).
	Skills []int `json:"skills" msgpack:"skills"`
	HP     int   `json:"hp" msgpack:"hp"`
	WN     int   `json:"wn" msgpack:"wn"`
	INI    int   `json:"ini" msgpack:"ini"`
	Move   int   `json:"move" msgpack:"move"`
	Half   int   `json:"half_move" msgpack:"half_move"`
	// Damage is the block damage range "lo–hi" (RB-D8).
	Damage string `json:"damage" msgpack:"damage"`
	// OnField and Cell: where the player stands ("" on the bench).
	OnField bool   `json:"on_field" msgpack:"on_field"`
	Cell    string `json:"cell,omitempty" msgpack:"cell,omitempty"`
	Kicker  bool   `json:"kicker,omitempty" msgpack:"kicker,omitempty"`
	Prone   bool   `json:"prone,omitempty" msgpack:"prone,omitempty"`
	// Statuses are the wound statuses ("bleed:1,stun", "none"); Out:
	// unconscious (RB-F73).
	Statuses string `json:"statuses" msgpack:"statuses"`
	// Wounds are the statuses in words ("Bleed 1, Stunned", "no
	// wounds"), from the lock on.
	Wounds string `json:"wounds,omitempty" msgpack:"wounds,omitempty"`
	Out    bool   `json:"out,omitempty" msgpack:"out,omitempty"`
	// CurrentHP is the hit points now (from the lock on).
	CurrentHP int `json:"current_hp" msgpack:"current_hp"`
}

// View returns the match as seat sees it.
func (r *Rules) View(s console.State, seat console.Seat) console.View {
	g, err := asState(s)
	if err != nil {
		return View{Viewer: seat}
	}
	me := g.seatTeam(seat)
	v := View{Viewer: seat, Phase: g.Phase, Half: g.Half, Round: g.Round, RoundsPerHalf: g.RoundsPerHalf,
		Score: g.Score, Teams: []TeamView{}}
	if me >= 0 {
		v.You = teamName(me)
	}
	for t := range g.Teams {
		v.Teams = append(v.Teams, g.teamView(t, me == t || g.bothLocked()))
	}
	if g.KeshatDone {
		v.KeshatWinner, v.FirstChoice, v.SecondChoice = teamName(g.KeshatWinner), teamName(g.firstChoice()), teamName(g.secondChoice())
	}
	if g.Kicking >= 0 {
		v.Kicking = teamName(g.Kicking)
	}
	v.Ball = BallView{State: g.Ball.State, Holder: g.Ball.Holder, LastTouch: g.Ball.LastTouch}
	if v.Ball.State == "" {
		v.Ball.State = BallNone
	}
	if g.Ball.State == BallRest || g.Ball.State == BallBouncing || g.Ball.State == BallHeld {
		v.Ball.Cell = g.Ball.Cell.String()
	}
	v.FreeQueue = []string{}
	for _, t := range g.FreeQueue {
		v.FreeQueue = append(v.FreeQueue, teamName(t.Team))
	}
	if p := g.Prompt; p != nil {
		words, try := p.words()
		pv := &PromptView{Kind: p.Kind, Cmd: p.Cmd, Text: words, Try: try, Dice: []string{}, Purposes: []string{}, Options: append([]string{}, p.Options...),
			Also: append([]string{}, p.Also...), Blitz: append([]string{}, p.Blitz...), Held: append([]string{}, p.Held...), Answers: g.answers(p)}
		pv.Flight, pv.Marked = g.promptCells(p)
		if p.Kind == PromptChoice {
			pv.Team = teamName(p.Team)
			pv.YouAnswer = me == p.Team
		} else {
			pv.YouAnswer = me >= 0
		}
		for _, d := range p.Dice {
			pv.Dice = append(pv.Dice, fmt.Sprintf("d%d", d.Sides))
			pv.Purposes = append(pv.Purposes, purposeWords(d.Purpose))
		}
		v.Prompt = pv
	}
	v.Order = []EntryView{}
	for _, e := range g.Order {
		v.Order = append(v.Order, EntryView{Player: e.Player, Score: e.Score, Keys: append([]int{}, e.Keys...), Status: e.Status})
	}
	v.Suspended = []string{}
	for i := len(g.Suspended) - 1; i >= 0; i-- {
		v.Suspended = append(v.Suspended, g.Suspended[i].Player)
	}
	v.Windows = []string{}
	for _, m := range g.Windows {
		if m == "" {
			m = WindowsAsk
		}
		v.Windows = append(v.Windows, m)
	}
	if c := g.Current; c != nil {
		p, _, t := g.place(c.Player)
		av := &ActivationView{Player: c.Player, Team: teamName(t), Kind: c.Kind, KindWords: kindWords(c.Kind), Halves: c.Halves, Commands: []string{},
			Reach: []string{}, BlockTargets: []string{}, PassTargets: []string{}, HandoffTo: []string{}}
		if m := c.Move; m != nil {
			av.MoveOpen = true
			av.MoveLeft = max(0, m.Allowance-m.Used)
			av.SprintLeft = m.Allowance + m.SprintMax - m.Used - av.MoveLeft
		}

		if g.Prompt == nil {
			if p != nil && p.Prone && c.Halves > 0 {
				av.Commands = append(av.Commands, CmdStand)
			}
			if p != nil && !p.Prone && (c.Halves > 0 || av.MoveOpen && av.MoveLeft+av.SprintLeft > 0) {
				av.Commands = append(av.Commands, CmdMove)
			}
			tackle := c.Halves == 0 && c.Move != nil && c.Move.As == "full"
			if p != nil && p.standing() && (c.Halves > 0 || tackle) && g.adjacentOpponents(t, p.Cell) > 0 {
				av.Commands = append(av.Commands, CmdBlock)
			}
			if p != nil && p.standing() && g.Ball.Holder == c.Player && c.Halves > 0 && int(field.Side(p.Cell)) == 1-t {
				av.Commands = append(av.Commands, CmdKickGoal)
			}
			if p != nil && p.standing() && g.Ball.Holder == c.Player && c.Halves > 0 && len(g.passTargets(c.Player)) > 0 {
				av.Commands = append(av.Commands, CmdPass)
			}
			if m := c.Move; p != nil && p.standing() && m != nil && m.Used < m.Allowance+m.SprintMax && field.OnEdge(p.Cell) {
				av.Commands = append(av.Commands, CmdRunOff)
			}
			if c.Halves == 2 && c.Move == nil && g.healable(c.Player) > 0 {
				av.Commands = append(av.Commands, CmdShakeOff)
			}
			if c.Kind == KindNormal && c.Halves > 0 {
				av.Commands = append(av.Commands, CmdHold)
			}
			if cell, loose := g.looseBall(); loose && p != nil && p.standing() && cell == p.Cell {
				av.Commands = append(av.Commands, CmdPickup)
			}
			if h := g.Ball.Holder; h != "" && teamOf(h) == t && g.handoffTakers(h) != nil {
				av.Commands = append(av.Commands, CmdHandoff)
			}
			av.Commands = append(av.Commands, CmdEndActivation)
			if p != nil {
				g.offerTargets(c, p, t, av)
			}
		}
		v.Acting = av
	}
	v.Next, v.Try = g.nextLine()
	v.Scored = g.Scored
	v.Waiting = g.waiting()
	v.CellsFor, v.Cells = g.tapCells(me)
	v.KickerCells = []string{}
	if v.CellsFor == CmdPlace && me == g.Kicking {
		for _, w := range v.Cells {
			if c, err := field.ParseCoords(w); err == nil && field.KickerZone(field.Team(me), c) {
				v.KickerCells = append(v.KickerCells, w)
			}
		}
	}
	return v
}

func (g *state) teamView(t int, open bool) TeamView {
	tm := &g.Teams[t]
	tv := TeamView{Team: teamName(t), Seat: g.Seats[t], Locked: tm.Locked, Hidden: !open, Players: []PlayerView{},
		SetupReady: g.Field[t].SetupReady}
	for _, p := range tm.Players {
		if !p.IsEmpty() {
			tv.Filled++
		}
	}
	if !open {
		return tv
	}
	if tm.Doctor > 0 {
		tv.Doctor = tm.Player(tm.Doctor).Slot.String()
	}
	for _, p := range tm.Players {
		pv := PlayerView{ID: p.Slot.String(), Name: p.Name, Background: p.Background, Boon: p.Boon, Empty: p.IsEmpty(),
			Complete: p.Complete(), Improved: p.Improved, Rolls: []int{}, Stats: []int{}, Bonus: []int{}, Skills: []int{}}
		if p.Origin == roster.Rolled {
			pv.Rolls = append(pv.Rolls, p.Rolls[:]...)
		}
		if p.Complete() {
			st := p.Stats()
			d := p.Derived()
			for _, x := range st {
				pv.Stats = append(pv.Stats, x)
				pv.Bonus = append(pv.Bonus, roster.Bonus(x))
			}
			pv.Skills = append(pv.Skills, d.Skills[:]...)
			pv.HP, pv.WN, pv.INI, pv.Move, pv.Half = d.HP, d.WN, d.INI, d.Move, d.HalfMove
			lo, hi := roster.DamageRange(st[roster.MUS])
			pv.Damage = fmt.Sprintf("%d–%d", lo, hi)
		}
		ps := g.Field[t].Pos[p.Slot.N-1]
		if ps.OnField {
			pv.OnField, pv.Cell, pv.Prone = true, ps.Cell.String(), ps.Prone
		}
		if g.bothLocked() {
			pv.CurrentHP, pv.Statuses, pv.Wounds, pv.Out = ps.HP, ps.St.String(), ps.St.Words(), ps.Out
		}
		pv.Kicker = g.Field[t].Kicker == p.Slot.N
		tv.Players = append(tv.Players, pv)
	}
	return tv
}

// next says what happens now, in words.
func (g *state) next() string {
	w, _ := g.nextLine()
	return w
}

// nextLine says what happens now, in words, and the commands that do it
// (the command-line hint ccctl shows as the view's try).
func (g *state) nextLine() (words, try string) {
	switch g.Phase {
	case PhaseRoster:
		var wait []string
		for t := range g.Teams {
			if !g.Teams[t].Locked {
				wait = append(wait, teamName(t))
			}
		}
		return "rosters: each coach fills nine slots and locks his roster; waiting for " + strings.Join(wait, " and "), CmdLockRoster
	case PhaseStart:
		if !g.KeshatDone {
			return "record who won the Keshat round", CmdKeshat + " winner=home|away"
		}
		return teamName(g.firstChoice()) + " chooses to kick or receive", CmdChooseKick + " choice=kick|receive"
	case PhaseSetup:
		k := teamName(g.Kicking)
		if !g.Field[g.Kicking].SetupReady {
			return k + " sets up first: 7 players on its side and a kicker named, then ready", CmdPlace + "; " + CmdSetKicker + "; " + CmdReadySetup
		}
		return teamName(1-g.Kicking) + " places its players, then ready", CmdPlace + "; " + CmdReadySetup
	}
	if p := g.Prompt; p != nil {
		who := "either coach"
		if p.Kind == PromptChoice {
			who = teamName(p.Team)
		}
		words, try := p.words()
		return fmt.Sprintf("waiting for %s: %s", who, words), try
	}
	switch g.Phase {
	case PhaseOver:
		switch {
		case g.Score[Home] > g.Score[Away]:
			return fmt.Sprintf("the match is over: home wins %d–%d", g.Score[Home], g.Score[Away]), ""
		case g.Score[Away] > g.Score[Home]:
			return fmt.Sprintf("the match is over: away wins %d–%d", g.Score[Away], g.Score[Home]), ""
		}
		return fmt.Sprintf("the match is over: a draw, %d–%d", g.Score[Home], g.Score[Away]), ""
	case PhaseStoppage:
		var wait []string
		for t := range g.Stop.Ready {
			if !g.Stop.Ready[t] {
				wait = append(wait, teamName(t))
			}
		}
		return "stoppage: the team doctor may treat one Bruise, one Pain or Out; waiting for " + strings.Join(wait, " and ") + " to be ready",
			CmdTreat + " player=ID status=bruise|pain|out; " + CmdReadyStoppage
	}
	if g.Phase == PhaseKickoff {
		return fmt.Sprintf("%s kicks off at a cell on %s's side", teamName(g.Kicking), teamName(1-g.Kicking)), CmdKick + " target=CELL"
	}
	if c := g.Current; c != nil {
		_, _, t := g.place(c.Player)
		left := fmt.Sprintf("%d half actions left", c.Halves)
		if c.Halves == 1 {
			left = "1 half action left"
		}
		return fmt.Sprintf("%s acts (%s, %s)", c.Player, teamName(t), left), ""
	}
	return "the next activation", ""
}

// Status says where the match stands.
func (r *Rules) Status(s console.State) console.Status {
	g, err := asState(s)
	if err != nil {
		return console.Status{}
	}
	switch g.Phase {
	case PhaseRoster:
		return console.Status{Summary: "Rosters"}
	case PhaseStart:
		return console.Status{Summary: "Match start"}
	}
	if g.Phase == PhaseKickoff {
		return console.Status{Summary: fmt.Sprintf("Half %d, kickoff (home %d – away %d)", g.Half, g.Score[Home], g.Score[Away])}
	}
	switch g.Phase {
	case PhaseOver:
		st := console.Status{Finished: true, Summary: g.next()}
		for t := range g.Seats {
			place := 1
			if g.Score[1-t] > g.Score[t] {
				place = 2
			}
			st.Placements = append(st.Placements, console.Placement{Seat: console.Seat(g.Seats[t]), Name: teamName(t), Place: place, Score: g.Score[t]})
		}
		return st
	case PhaseStoppage:
		return console.Status{Summary: fmt.Sprintf("Half %d, stoppage (home %d – away %d)", g.Half, g.Score[Home], g.Score[Away])}
	}
	if g.Phase == PhasePlay {
		return console.Status{Summary: fmt.Sprintf("Half %d, round %d of %d (home %d – away %d)", g.Half, g.Round, g.RoundsPerHalf, g.Score[Home], g.Score[Away])}
	}
	return console.Status{Summary: fmt.Sprintf("Half %d, kickoff set-up (home %d – away %d)", g.Half, g.Score[Home], g.Score[Away])}
}

// Undoable lets a coach take back his own last command; the other coach's
// only with the engine's consent (a Keshat or a kickoff choice concerns
// both); never the lock that showed both rosters.
func (r *Rules) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	g, err := asState(s)
	if err != nil {
		return err
	}
	if len(last) > 0 && last[0].Seat != seat {
		return console.RejectWith(console.ReasonNeedsConsent, "the last command is %s's: only that coach takes it back", last[0].Seat)
	}
	// The lock that completed both rosters showed each coach the other's
	// team (RB-D63): taking it back would let its coach rebuild his team
	// against what he has seen.
	for _, e := range last {
		if e.Type == EvRosterLocked && g.bothLocked() {
			return console.Reject("both rosters are locked and shown to both coaches: the last lock cannot be taken back")
		}
	}
	return nil
}
