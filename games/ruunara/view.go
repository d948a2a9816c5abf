package ruunara

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// View is the game as one seat sees it. Nothing is hidden (RU-D7): every
// seat's view holds the same game and differs only in Viewer, the distance
// unit every distance is written in, and which prompts it may answer. The
// dice generator's seed is never in a view. Slices are never null.
type View struct {
	Viewer console.Seat `json:"viewer" msgpack:"viewer"`
	// Unit is the viewer's distance unit: "in" or "cm" (RU-D1).
	Unit    string      `json:"unit" msgpack:"unit"`
	Stage   string      `json:"stage" msgpack:"stage"`
	Mode    string      `json:"mode" msgpack:"mode"`
	Race    string      `json:"race,omitempty" msgpack:"race,omitempty"`
	Mission MissionView `json:"mission" msgpack:"mission"`
	Dice    string      `json:"dice" msgpack:"dice"`
	// RangedNoise: ranged attacks make noise too (RU-D33).
	RangedNoise bool `json:"ranged_noise" msgpack:"ranged_noise"`
	Round       int  `json:"round" msgpack:"round"`
	// Side is the seat whose turn it is, or "enemies".
	Side  string `json:"side" msgpack:"side"`
	Phase string `json:"phase" msgpack:"phase"`
	// YourTurn: the viewer commands its heroes now.
	YourTurn bool          `json:"your_turn" msgpack:"your_turn"`
	Seats    []SeatView    `json:"seats" msgpack:"seats"`
	Heroes   []HeroView    `json:"heroes" msgpack:"heroes"`
	Enemies  []EnemyView   `json:"enemies" msgpack:"enemies"`
	Neutrals []NeutralView `json:"neutrals" msgpack:"neutrals"`
	Sites    []SiteView    `json:"sites" msgpack:"sites"`
	// Prompt is what the game waits for; nil when the acting seat plays.
	Prompt *PromptView `json:"prompt,omitempty" msgpack:"prompt,omitempty"`
	// Orders are the enemy orders of this enemy turn (or of the latest
	// reaction), in the viewer's unit.
	Orders []OrderView `json:"orders" msgpack:"orders"`
	// Cards are the game's cards, for the card editor and set-up.
	Cards []CardView `json:"cards" msgpack:"cards"`
	// Commands says, for start, end-phase, ack and roll, whether the
	// viewer may give them now and why not.
	Commands []console.Affordance `json:"commands" msgpack:"commands"`
	// OrdersNew is the index in Orders of the first order not yet
	// carried out (the ones an orders prompt asks to acknowledge).
	OrdersNew int `json:"orders_new" msgpack:"orders_new"`
	// Next says what happens now, naming the commands for the command
	// line; NextText says it without them, for a screen of buttons.
	Next     string `json:"next" msgpack:"next"`
	NextText string `json:"next_text" msgpack:"next_text"`
	// EnemySummary is what the last enemy turn did to the heroes, in
	// words ("E4 engaged Tarok", "Naali −2 HP").
	EnemySummary []string `json:"enemy_summary" msgpack:"enemy_summary"`
	// News are the headlines of the last command (RU-W2), ready to show: a kill
	// and why ("E2 Saarok warrior 2 is killed instantly by Naali's Hard
	// like Steel: the die showed 5, and it kills on 5+."), a capture, an
	// execution, a rescue, the end of the game. Empty when the last
	// command made none.
	News []string `json:"news" msgpack:"news"`
	// UndoWhat is the last dice roll in words ("2 dice, Graam ranged
	// attack on E5, hit on 4+ (4, 2)"): what a duo seat asks its partner
	// to take back (RU-D57); empty when the last command rolled none.
	UndoWhat string `json:"undo_what,omitempty" msgpack:"undo_what,omitempty"`
	// UndoAsked: an undo request is waiting for the partner's answer.
	UndoAsked bool `json:"undo_asked,omitempty" msgpack:"undo_asked,omitempty"`
	// LastCommand is what Undo takes back, in words and the viewer's
	// unit: the last command's first line of history ("Tarok engages
	// E4"); empty before any command.
	LastCommand string `json:"last_command,omitempty" msgpack:"last_command,omitempty"`
	Result      string `json:"result,omitempty" msgpack:"result,omitempty"`
	Reason      string `json:"reason,omitempty" msgpack:"reason,omitempty"`
}

// MissionView is the mission and its objectives.
type MissionView struct {
	ID         string   `json:"id" msgpack:"id"`
	Name       string   `json:"name" msgpack:"name"`
	Objectives []string `json:"objectives" msgpack:"objectives"`
	Defeat     []string `json:"defeat" msgpack:"defeat"`
	// Claimable are the objective ids the players may claim.
	Claimable []string `json:"claimable" msgpack:"claimable"`
}

// SeatView is one seat.
type SeatView struct {
	Seat   string   `json:"seat" msgpack:"seat"`
	Unit   string   `json:"unit" msgpack:"unit"`
	Heroes []string `json:"heroes" msgpack:"heroes"`
}

// AbilityView is one skill or spell with its tokens.
type AbilityView struct {
	ID    string `json:"id" msgpack:"id"`
	Name  string `json:"name" msgpack:"name"`
	Kind  string `json:"kind" msgpack:"kind"`
	Cycle string `json:"cycle" msgpack:"cycle"` // 1/F, 1/G, 1/T, constant
	// CycleText is the cycle in words: "once per fight", "twice per
	// game", "once per turn", "always active".
	CycleText string   `json:"cycle_text" msgpack:"cycle_text"`
	Trigger   int      `json:"trigger,omitempty" msgpack:"trigger,omitempty"`
	Phase     []string `json:"phase" msgpack:"phase"`
	Target    string   `json:"target" msgpack:"target"`
	Effect    string   `json:"effect" msgpack:"effect"`
	// EffectText is the effect in words: "kills instantly on a die of
	// 5+", "rolls 1D3+ of its own", "heals 3 hit points".
	EffectText string `json:"effect_text" msgpack:"effect_text"`
	// EffectMin, EffectDice and EffectHP are the effect's number: the
	// die score of an on-die effect, the dice of an attack ("1D3+"), the
	// hit points of a heal.
	EffectMin  int    `json:"effect_min,omitempty" msgpack:"effect_min,omitempty"`
	EffectDice string `json:"effect_dice,omitempty" msgpack:"effect_dice,omitempty"`
	EffectHP   int    `json:"effect_hp,omitempty" msgpack:"effect_hp,omitempty"`
	Reach      string `json:"reach,omitempty" msgpack:"reach,omitempty"`
	Origin     string `json:"origin,omitempty" msgpack:"origin,omitempty"`
	Text       string `json:"text,omitempty" msgpack:"text,omitempty"`
	Uses       int    `json:"uses" msgpack:"uses"` // per cycle; 0 for constant
	Left       int    `json:"left" msgpack:"left"`
	// Ready: a use is left (always for constant abilities).
	Ready bool `json:"ready" msgpack:"ready"`
}

// HeroView is one hero's card and state.
type HeroView struct {
	ID      string   `json:"id" msgpack:"id"`
	Name    string   `json:"name" msgpack:"name"`
	Card    string   `json:"card" msgpack:"card"`
	Seat    string   `json:"seat" msgpack:"seat"`
	Race    string   `json:"race,omitempty" msgpack:"race,omitempty"`
	HP      int      `json:"hp" msgpack:"hp"`
	MaxHP   int      `json:"max_hp" msgpack:"max_hp"`
	Move    string   `json:"move" msgpack:"move"`
	Vision  string   `json:"vision" msgpack:"vision"`
	Range   string   `json:"range,omitempty" msgpack:"range,omitempty"`
	Close   string   `json:"close,omitempty" msgpack:"close,omitempty"`
	Ranged  string   `json:"ranged,omitempty" msgpack:"ranged,omitempty"`
	Status  string   `json:"status" msgpack:"status"` // free, captured, executed, removed
	Engaged []string `json:"engaged" msgpack:"engaged"`
	// Count is the engaged-turn count (RU-D25).
	Count int `json:"count" msgpack:"count"`
	// Timer is the capture or execution warning in words (§4.6).
	Timer string `json:"timer,omitempty" msgpack:"timer,omitempty"`
	// Warn: the timer runs out at the end of this round or the next (a
	// warning one turn ahead).
	Warn      bool          `json:"warn" msgpack:"warn"`
	Captors   []string      `json:"captors" msgpack:"captors"`
	InFight   bool          `json:"in_fight" msgpack:"in_fight"`
	Attacked  bool          `json:"attacked" msgpack:"attacked"`
	Abilities []AbilityView `json:"abilities" msgpack:"abilities"`
	// Estimated names the card's values Command Console estimated, in
	// words ("Estimated, not printed in the rulebook: hit points,
	// movement."); empty for a card with every value printed or typed.
	Estimated string `json:"estimated,omitempty" msgpack:"estimated,omitempty"`
	// Actions are what the viewer may do with this hero now, with the
	// reason each greyed one is not allowed.
	Actions []ActionView `json:"actions" msgpack:"actions"`
}

// EnemyView is one enemy with its AI mode.
type EnemyView struct {
	ID    string `json:"id" msgpack:"id"`
	Name  string `json:"name" msgpack:"name"`
	Card  string `json:"card" msgpack:"card"`
	HP    int    `json:"hp" msgpack:"hp"`
	MaxHP int    `json:"max_hp" msgpack:"max_hp"`
	Mode  string `json:"mode" msgpack:"mode"`
	// Label is the mode as the enemy column shows it: "HEARD THE FIGHT AT E1",
	// "RALLY → E2", "PURSUING Graam (1 turn left)".
	Label   string   `json:"label" msgpack:"label"`
	Target  string   `json:"target,omitempty" msgpack:"target,omitempty"`
	Site    string   `json:"site,omitempty" msgpack:"site,omitempty"`
	OffPost bool     `json:"off_post" msgpack:"off_post"`
	Engaged []string `json:"engaged" msgpack:"engaged"`
	Close   string   `json:"close,omitempty" msgpack:"close,omitempty"`
	Ranged  string   `json:"ranged,omitempty" msgpack:"ranged,omitempty"`
	Move    string   `json:"move" msgpack:"move"`
	Vision  string   `json:"vision" msgpack:"vision"`
	Body    bool     `json:"body" msgpack:"body"`
	// Estimated: as HeroView.Estimated.
	Estimated string `json:"estimated,omitempty" msgpack:"estimated,omitempty"`
}

// NeutralView is a neutral unit (RU-D52).
type NeutralView struct {
	ID   string `json:"id" msgpack:"id"`
	Name string `json:"name" msgpack:"name"`
	HP   int    `json:"hp" msgpack:"hp"`
	Dead bool   `json:"dead" msgpack:"dead"`
}

// SiteView is a fight site.
type SiteView struct {
	ID              string   `json:"id" msgpack:"id"`
	Ranged          bool     `json:"ranged" msgpack:"ranged"`
	Units           []string `json:"units" msgpack:"units"`
	LastAttackRound int      `json:"last_attack_round" msgpack:"last_attack_round"`
	// Text is the site in words: "The fight at E1: E1, E2, Naali · with
	// shooting · last attack in round 2".
	Text string `json:"text" msgpack:"text"`
}

// PromptView is the open prompt.
type PromptView struct {
	Kind string `json:"kind" msgpack:"kind"` // dice, assign, question, orders
	// Dice: how many, the hit score, what for; "table" or "app" first.
	N       int    `json:"n,omitempty" msgpack:"n,omitempty"`
	Hit     int    `json:"hit,omitempty" msgpack:"hit,omitempty"`
	Purpose string `json:"purpose,omitempty" msgpack:"purpose,omitempty"`
	First   string `json:"first,omitempty" msgpack:"first,omitempty"`
	// Faces of the roll being assigned (assign) or of the open roll.
	Faces []int `json:"faces" msgpack:"faces"`
	// Targets a die may go to (assign).
	Targets []string `json:"targets" msgpack:"targets"`
	// Question.
	ID    string     `json:"id,omitempty" msgpack:"id,omitempty"`
	QKind string     `json:"q_kind,omitempty" msgpack:"q_kind,omitempty"`
	Text  string     `json:"text" msgpack:"text"`
	Rule  string     `json:"rule,omitempty" msgpack:"rule,omitempty"`
	Lines []LineView `json:"lines" msgpack:"lines"`
	// Pick: each line is a pick-one (sight, nearest); else ticks (or
	// yes/no with one line).
	Pick bool `json:"pick" msgpack:"pick"`
	// Hits are the positions (1-based) of the dice that hit, for assign.
	Hits []int `json:"hits" msgpack:"hits"`
	// Assign is the split the form starts from, one target per hit in
	// the order of Hits: each die to the first engaged enemy still
	// standing after the dice before it (a die that kills on its face
	// kills), "" for a die left with nobody standing (RU-D20).
	Assign []string `json:"assign" msgpack:"assign"`
	// Rerolls are the abilities a re-roll may be granted by while a roll
	// is open (RU-D4): text abilities, which the players trust.
	Rerolls []console.Choice `json:"rerolls" msgpack:"rerolls"`
	// Summary: an orders prompt at the end of the enemy turn.
	Summary bool `json:"summary,omitempty" msgpack:"summary,omitempty"`
	// Seat is the seat that must answer; empty: either.
	Seat string `json:"seat,omitempty" msgpack:"seat,omitempty"`
	// YouAnswer: the viewer may answer it.
	YouAnswer bool `json:"you_answer" msgpack:"you_answer"`
}

// LineView is one line of a question.
type LineView struct {
	Unit    string           `json:"unit" msgpack:"unit"`
	Text    string           `json:"text" msgpack:"text"`
	Options []console.Choice `json:"options" msgpack:"options"`
	Default string           `json:"default" msgpack:"default"`
}

// OrderView is one enemy order in the viewer's unit.
type OrderView struct {
	Enemy    string `json:"enemy" msgpack:"enemy"`
	Template string `json:"template" msgpack:"template"`
	Text     string `json:"text" msgpack:"text"`
}

// CardView is a card as the card editor shows it.
type CardView struct {
	ID      string `json:"id" msgpack:"id"`
	Name    string `json:"name" msgpack:"name"`
	Faction string `json:"faction" msgpack:"faction"`
	// Kind is the faction as the players say it: hero, enemy, neutral.
	Kind string `json:"kind" msgpack:"kind"`
	Race string `json:"race,omitempty" msgpack:"race,omitempty"`
	// RaceName is the race as the card prints it: "Sanbari".
	RaceName string `json:"race_name,omitempty" msgpack:"race_name,omitempty"`
	HP       int    `json:"hp" msgpack:"hp"`
	// Estimated: as HeroView.Estimated.
	Estimated string `json:"estimated,omitempty" msgpack:"estimated,omitempty"`
	Move      string `json:"move,omitempty" msgpack:"move,omitempty"`
	Vision    string `json:"vision,omitempty" msgpack:"vision,omitempty"`
	Range     string `json:"range,omitempty" msgpack:"range,omitempty"`
	Close     string `json:"close,omitempty" msgpack:"close,omitempty"`
	Ranged    string `json:"ranged,omitempty" msgpack:"ranged,omitempty"`
	// Numbers is the statline as the card editor's number fields take it:
	// distances as plain numbers in the viewer's unit ("5", "12.5"), dice
	// as a count and a hit score; zero or "" where the card gives none.
	Numbers   CardNumbers   `json:"numbers" msgpack:"numbers"`
	Custom    bool          `json:"custom" msgpack:"custom"`
	Complete  bool          `json:"complete" msgpack:"complete"`
	Problem   string        `json:"problem,omitempty" msgpack:"problem,omitempty"`
	Warnings  []string      `json:"warnings" msgpack:"warnings"`
	Abilities []AbilityView `json:"abilities" msgpack:"abilities"`
	// Record is the card as a units.json record (during set-up only), to
	// keep it in a roster and define it again in another game
	// (define-card json=…).
	Record string `json:"record,omitempty" msgpack:"record,omitempty"`
}

// CardNumbers is a card's statline as numbers, for the card editor.
type CardNumbers struct {
	Move      string `json:"move,omitempty" msgpack:"move,omitempty"`
	Vision    string `json:"vision,omitempty" msgpack:"vision,omitempty"`
	Range     string `json:"range,omitempty" msgpack:"range,omitempty"`
	CloseN    int    `json:"close_n,omitempty" msgpack:"close_n,omitempty"`
	CloseHit  int    `json:"close_hit,omitempty" msgpack:"close_hit,omitempty"`
	RangedN   int    `json:"ranged_n,omitempty" msgpack:"ranged_n,omitempty"`
	RangedHit int    `json:"ranged_hit,omitempty" msgpack:"ranged_hit,omitempty"`
}

// number is a distance as a plain number in unit u ("5", "12.5"), "" for
// none.
func number(t rn.Ticks, u rn.Unit) string {
	if t <= 0 {
		return ""
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(rn.Format(t, u), `"`), " cm"))
}

func dist(t rn.Ticks, u rn.Unit) string {
	if t <= 0 {
		return ""
	}
	return rn.Format(t, u)
}

func diceText(d *card.Dice) string {
	if d == nil || d.N <= 0 {
		return ""
	}
	return d.String()
}

// View returns the game as seat sees it.
func (r *Rules) View(s console.State, seat console.Seat) console.View {
	g, err := asState(s)
	if err != nil {
		return View{Viewer: seat}
	}
	u := g.unitOf(seat)
	v := View{Viewer: seat, Unit: string(u), Stage: g.Stage, Mode: g.Mode, Race: g.Mission.Race, Dice: g.DiceFirst,
		RangedNoise: g.RangedNoise, Round: g.Round, Phase: g.Phase, Result: g.Result, Reason: g.Reason,
		Seats: []SeatView{}, Heroes: []HeroView{}, Enemies: []EnemyView{}, Neutrals: []NeutralView{},
		Sites: []SiteView{}, Orders: []OrderView{}, Cards: []CardView{}}
	v.Mission = MissionView{ID: g.Mission.ID, Name: g.Mission.Name, Objectives: []string{}, Defeat: []string{}, Claimable: []string{}}
	for _, o := range g.Mission.Objectives {
		v.Mission.Objectives = append(v.Mission.Objectives, o.Text)
		if o.Auto == "" || o.Auto == "claim" {
			v.Mission.Claimable = append(v.Mission.Claimable, o.ID)
		}
	}
	for _, o := range g.Mission.Defeat {
		v.Mission.Defeat = append(v.Mission.Defeat, o.Text)
	}
	if g.Stage == StagePlay {
		v.Side = g.seatName(g.Side)
		if g.enemyTurnNow() {
			v.Side = "enemies"
		}
		v.YourTurn = g.Side == g.seatIndex(seat) && g.Prompt == nil
	}
	for i, st := range g.Seats {
		sv := SeatView{Seat: st, Unit: g.Units[i], Heroes: []string{}}
		for _, h := range g.Heroes {
			if h.Seat == i {
				sv.Heroes = append(sv.Heroes, h.ID)
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	for _, h := range g.Heroes {
		hv := g.heroView(h, u)
		hv.Actions = []ActionView{}
		if g.Stage == StagePlay && h.Status == StatusFree && h.Seat == g.seatIndex(seat) && g.Side == h.Seat && g.Prompt == nil {
			hv.Actions = r.actions(g, seat, h)
		}
		v.Heroes = append(v.Heroes, hv)
	}
	v.Commands = r.allowed(g, seat)
	v.OrdersNew = len(g.Orders) - g.Unacked
	if v.OrdersNew < 0 {
		v.OrdersNew = 0
	}
	for _, e := range g.Enemies {
		v.Enemies = append(v.Enemies, g.enemyView(e, u))
	}
	for _, n := range g.Neutrals {
		v.Neutrals = append(v.Neutrals, NeutralView{ID: n.ID, Name: n.Name, HP: n.HP, Dead: n.Dead})
	}
	for _, st := range g.Sites {
		sv := SiteView{ID: st.ID, Ranged: st.Ranged, LastAttackRound: st.LastAttackRound, Units: []string{}}
		sv.Units = append(append(sv.Units, st.Enemies...), st.Heroes...)
		sv.Text = "The fight at " + st.ID + ": " + g.names(sv.Units)
		if st.Ranged {
			sv.Text += " · with shooting"
		}
		if st.LastAttackRound > 0 {
			sv.Text += fmt.Sprintf(" · last attack in round %d", st.LastAttackRound)
		}
		v.Sites = append(v.Sites, sv)
	}
	w := g.world()
	for _, o := range g.Orders {
		v.Orders = append(v.Orders, OrderView{Enemy: o.Enemy, Template: o.Template, Text: o.Text(w, u)})
	}
	for _, c := range g.Cards {
		cv := cardView(c, u)
		if g.Stage == StageSetup {
			if b, err := card.EncodeRecords([]card.Card{c}); err == nil {
				var buf bytes.Buffer
				if json.Compact(&buf, b) == nil {
					cv.Record = buf.String()
				}
			}
		}
		v.Cards = append(v.Cards, cv)
	}
	v.Prompt = g.promptView(seat, u)
	v.Next = g.next(seat)
	v.NextText = strings.NewReplacer(" (end-phase moves on)", "").Replace(v.Next)
	v.EnemySummary = append([]string{}, g.TurnNotes...)
	v.News = append([]string{}, g.News...)
	if g.LastDice {
		v.UndoWhat = g.LastWhat
	}
	if g.UndoAsk != nil {
		v.UndoWhat, v.UndoAsked = g.UndoAsk.What, true
	}
	v.LastCommand = g.LastLine
	if u == rn.Centimetres && g.LastLineCm != "" {
		v.LastCommand = g.LastLineCm
	}
	return v
}

func cardView(c card.Card, u rn.Unit) CardView {
	cv := CardView{ID: c.ID, Name: c.Name, Faction: c.Faction, Race: c.Race, HP: c.HP, Move: dist(c.Move, u),
		Vision: dist(c.Vision, u), Range: dist(c.Range, u), Close: diceText(c.Close), Ranged: diceText(c.Ranged),
		Custom: c.Custom, Warnings: []string{}, Abilities: []AbilityView{},
		Kind: factionWords(c.Faction), Estimated: estimatedText(c)}
	if c.Race != "" {
		cv.RaceName = card.RaceName(c.Race)
	}
	cv.Numbers = CardNumbers{Move: number(c.Move, u), Vision: number(c.Vision, u), Range: number(c.Range, u)}
	if c.Close != nil {
		cv.Numbers.CloseN, cv.Numbers.CloseHit = c.Close.N, c.Close.Hit
	}
	if c.Ranged != nil {
		cv.Numbers.RangedN, cv.Numbers.RangedHit = c.Ranged.N, c.Ranged.Hit
	}
	as := "hero"
	switch c.Faction {
	case "enemy":
		as = "enemy"
	case "neutral":
		as = "neutral"
	}
	if err := card.CheckField(c, as); err != nil {
		cv.Problem = err.Error()
	} else {
		cv.Complete = true
	}
	cv.Warnings = append(cv.Warnings, card.WarningsIn(c, u)...)
	for _, a := range c.Abilities {
		cv.Abilities = append(cv.Abilities, abilityView(a, nil))
	}
	return cv
}

func abilityView(a card.Ability, uses []use) AbilityView {
	av := AbilityView{ID: a.ID, Name: a.Name, Kind: a.Kind, Cycle: a.CycleLabel(), Trigger: a.Trigger,
		Phase: append([]string{}, a.Phase...), Target: a.Target, Effect: a.Effect.Type, Text: a.Text,
		Reach: a.Reach, Origin: a.Origin}
	av.CycleText = cycleWords(a.Cycle)
	av.EffectText = effectWords(a.Effect)
	av.EffectMin, av.EffectHP = a.Effect.Min, a.Effect.HP
	if a.Effect.Dice != nil {
		av.EffectDice = a.Effect.Dice.String()
	}
	if av.Cycle == "" {
		av.Cycle = "cycle not given"
	}
	if a.Cycle.Per != "constant" {
		av.Uses, av.Left = a.Cycle.Uses, a.Cycle.Uses
		for _, u := range uses {
			if u.ID == a.ID {
				av.Left = u.Left
			}
		}
	}
	av.Ready = a.Cycle.Per == "constant" || av.Left > 0
	return av
}

func (g *state) heroView(h *hero, u rn.Unit) HeroView {
	c := g.heroCard(h)
	hv := HeroView{ID: h.ID, Name: h.Name, Card: h.Card, Seat: g.seatName(h.Seat), Race: c.Race, HP: h.HP, MaxHP: c.HP,
		Move: dist(c.Move, u), Vision: dist(c.Vision, u), Range: dist(c.Range, u), Close: diceText(c.Close),
		Ranged: diceText(c.Ranged), Status: h.Status, Engaged: []string{}, Count: h.Count,
		Captors: append([]string{}, h.Captors...), InFight: h.Fight.In, Attacked: h.Attacked, Abilities: []AbilityView{}}
	hv.Engaged = append(hv.Engaged, g.engagedEnemies(h.ID)...)
	for _, a := range c.Abilities {
		hv.Abilities = append(hv.Abilities, abilityView(a, h.Uses))
	}
	hv.Timer, hv.Warn = g.timer(h)
	hv.Estimated = estimatedText(c)
	return hv
}

// timer is a hero's capture or execution warning (§4.6, RU-D26).
func (g *state) timer(h *hero) (string, bool) {
	r := g.Round
	limit := g.Numbers.CaptureEngagedTurns + 1
	switch h.Status {
	case StatusFree:
		if len(g.engagedEnemies(h.ID)) == 0 {
			return "", false
		}
		end := r + g.Numbers.CaptureEngagedTurns - h.Count
		return fmt.Sprintf("engaged for %d of %d rounds — captured at the end of round %d if still engaged", h.Count, limit, end), end <= r+1
	case StatusCaptured:
		c := h.CapturedRound
		exec := c + g.Numbers.CaptivityFullTurns + 1
		left := ""
		for _, id := range h.Captors {
			if e := g.enemy(id); e != nil && e.AI.Mode != rn.Dead && len(h.Captors) > 1 {
				left += " " + id
			}
		}
		extra := ""
		if left != "" {
			extra = " — captors left:" + left
		}
		if r == c {
			return fmt.Sprintf("captured — executed at the start of round %d: %d rescue turns left (rounds %d–%d)%s", exec, g.Numbers.CaptivityFullTurns, c+1, exec-1, extra), false
		}
		n := exec - r
		return fmt.Sprintf("captured — executed at the start of round %d: %d rescue turn%s left (this one included)%s", exec, n, plural(n), extra), n <= 1
	case StatusExecuted:
		return fmt.Sprintf("executed (round %d)", h.GoneRound), false
	}
	return "", false
}

func (g *state) enemyView(e *enemy, u rn.Unit) EnemyView {
	c := g.enemyCard(e)
	ev := EnemyView{ID: e.AI.ID, Name: e.Name, Card: e.AI.Card, HP: e.HP, MaxHP: c.HP, Mode: e.AI.Mode.String(),
		Target: e.AI.Target, Site: e.AI.Site, OffPost: e.AI.OffPost, Engaged: []string{}, Close: diceText(c.Close),
		Ranged: diceText(c.Ranged), Move: dist(c.Move, u), Vision: dist(c.Vision, u), Body: e.Body}
	ev.Engaged = append(ev.Engaged, g.engagedHeroes(e.AI.ID)...)
	ev.Label = g.modeLabel(e, c, u)
	ev.Estimated = estimatedText(c)
	return ev
}

// modeLabel is the enemy column's word for a mode (§6.5).
func (g *state) modeLabel(e *enemy, c card.Card, u rn.Unit) string {
	a := e.AI
	switch a.Mode {
	case rn.Posted:
		return "POSTED"
	case rn.Returning:
		return "RETURNING " + rn.Format(a.Rate, u) + " A TURN"
	case rn.Investigating:
		if strings.HasPrefix(a.Site, "hero:") {
			return "SEARCHING → " + g.name(a.Site)
		}
		return "HEARD THE FIGHT AT " + a.Site
	case rn.Rallying:
		return "RALLY → " + a.Target
	case rn.Alert:
		return "ALERT, VISION " + rn.Format(c.Vision+g.Numbers.InstantDeathVisionBonus, u)
	case rn.Pursuing:
		return fmt.Sprintf("PURSUING %s (%d turn%s left)", g.name(a.Target), a.TurnsLeft, plural(a.TurnsLeft))
	case rn.Engaging:
		return "CHARGING " + g.name(a.Target)
	case rn.Guarding:
		return "GUARDING " + g.name(a.Target)
	case rn.Engaged:
		var names []string
		for _, h := range g.engagedHeroes(a.ID) {
			names = append(names, g.name(h))
		}
		return "ENGAGED " + strings.Join(names, ", ")
	case rn.Dead:
		return "DEAD"
	}
	return strings.ToUpper(a.Mode.String())
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// promptView is the open prompt for seat.
func (g *state) promptView(seat console.Seat, u rn.Unit) *PromptView {
	p := g.Prompt
	if p == nil {
		return nil
	}
	me := g.seatIndex(seat)
	pv := &PromptView{Kind: p.Kind, N: p.N, Hit: p.Hit, Purpose: p.Purpose, Faces: []int{}, Targets: []string{},
		Lines: []LineView{}, Hits: []int{}, Assign: []string{}, Rerolls: []console.Choice{}, Summary: p.Summary,
		YouAnswer: me >= 0 && (p.Seat < 0 || p.Seat == me)}
	if p.Attack != nil && (p.Kind == PromptAssign || p.Kind == PromptQuestion && p.QKind == "cover") && len(p.Attack.Faces) > 0 {
		for _, h := range g.Heroes {
			for _, a := range g.heroCard(h).Abilities {
				if a.Effect.Type == "text" {
					pv.Rerolls = append(pv.Rerolls, console.Choice{Value: a.ID, Label: a.Name + " (" + h.Name + ")", Note: a.Text})
				}
			}
		}
	}
	if p.Seat >= 0 {
		pv.Seat = g.seatName(p.Seat)
	}
	pv.Text = g.promptText(u)
	switch p.Kind {
	case PromptDice:
		pv.First = g.DiceFirst
	case PromptAssign:
		pv.Faces = append(pv.Faces, p.Attack.Faces...)
		pv.Targets = append(pv.Targets, p.Attack.Targets...)
		pv.Hit = p.Attack.Hit
		for i, f := range p.Attack.Faces {
			if f >= p.Attack.Hit {
				pv.Hits = append(pv.Hits, i+1)
			}
		}
		pv.Assign = g.defaultSplit(p.Attack, pv.Hits)
	case PromptQuestion:
		pv.ID, pv.QKind, pv.Pick = p.QID, p.QKind, pickKinds[p.QKind]
		pv.Rule = g.questionRule(p.QKind, u)
		if p.QKind == "results" && len(p.Q.Lines) == 1 {
			pv.Rule = "Answer with what the table shows now."
		}
		if p.Attack != nil {
			pv.Faces = append(pv.Faces, p.Attack.Faces...)
		}
		w := g.world()
		for _, l := range p.Q.Lines {
			lv := LineView{Unit: l.Unit, Default: l.Default, Options: []console.Choice{}}
			if p.QKind == "cover" || p.QKind == "undo" || p.QKind == "area" {
				lv.Text = g.name(l.Unit)
			} else {
				lv.Text = l.Text(w, u)
			}
			for _, o := range l.Options {
				lv.Options = append(lv.Options, console.Choice{Value: o, Label: g.name(o)})
			}
			pv.Lines = append(pv.Lines, lv)
		}
	}
	return pv
}

// questionRule is the rule behind a question, in the rulebook's words
// and the seat's unit (RU-D56: every question shows its rule; the line
// numbers and decision ids stay in this comment: sight l. 234–236, RU-D17,
// RU-D32; noise l. 246, RU-D33, RU-D34; group l. 270–273, RU-D38; cover
// l. 265, RU-D22; results RU-D47; in-range l. 263, 387, RU-D18, RU-D44;
// nearest l. 251, RU-D35; area l. 353, 371, RU-D15).
func (g *state) questionRule(kind string, u rn.Unit) string {
	switch kind {
	case "sight":
		return "An enemy sees through the front face and the front diagonals of its base, within its field of vision, with a clear line."
	case "noise":
		return "A close combat is heard by enemies within " + rn.Format(g.Numbers.NoiseRange, u) + " that cannot see it."
	case "group":
		return "Enemies within " + rn.Format(g.Numbers.GroupRange, u) + " of each other respond together."
	case "cover":
		return fmt.Sprintf("Under cover: at least half the figure hidden by a solid element; each cover die of %d+ cancels a hit.", g.Numbers.CoverSave)
	case "results":
		return "Tick each line that is now true on the table; the others are no."
	case "in-range":
		return "The firing range is on the enemy's card: its range, else its field of vision."
	case "nearest":
		return "The enemy engages the nearest hero of the fight."
	case "area":
		return "The area is on the card: a ranged area spell affects the enemies in it."
	}
	return ""
}

// promptText is the open prompt in words.
func (g *state) promptText(u rn.Unit) string {
	p := g.Prompt
	if p == nil {
		return ""
	}
	switch p.Kind {
	case PromptDice:
		return p.Purpose
	case PromptAssign:
		return p.Purpose
	case PromptOrders:
		if p.Summary {
			return "check the table, then go on to the next round"
		}
		return "carry out the enemy orders on the table, then say so"
	}
	if p.QKind == "undo" && g.UndoAsk != nil {
		return fmt.Sprintf("%s asks to undo %s. Does %s agree?", g.seatName(g.UndoAsk.By), g.UndoAsk.What, g.seatName(1-g.UndoAsk.By))
	}
	if p.QKind == "area" {
		return fmt.Sprintf("Which enemies are in the area of %s?", p.Q.Subject)
	}
	if p.QKind == "cover" {
		return fmt.Sprintf("Is %s under cover — at least half its height hidden by a solid element (not grass or a small rise)?", g.name(p.Q.Subject))
	}
	return p.Q.Text(g.world(), u)
}

// next says what happens now.
func (g *state) next(seat console.Seat) string {
	switch g.Stage {
	case StageSetup:
		return "set-up: add heroes and enemies from the cards (or type your own in the card editor), then start"
	case StageOver:
		return "the game is over (" + g.resultWords() + ")"
	}
	if g.Prompt != nil {
		return "waiting for an answer: " + g.promptText(g.unitOf(seat))
	}
	if g.enemyTurnNow() {
		return "the enemy turn"
	}
	return fmt.Sprintf("round %d, %s's %s phase (end-phase moves on)", g.Round, g.seatName(g.Side), g.Phase)
}

// Status says whether the game is over.
func (r *Rules) Status(s console.State) console.Status {
	g, err := asState(s)
	if err != nil {
		return console.Status{}
	}
	switch g.Stage {
	case StageSetup:
		return console.Status{Summary: "Set-up"}
	case StageOver:
		res := g.Result
		if res == "" {
			res = "over"
		}
		st := console.Status{Finished: true, Summary: strings.ToUpper(res[:1]) + res[1:] + " in round " + fmt.Sprint(g.EndRound)}
		// co-operative: the seats win or lose together (RU-D53)
		place, score := 2, 0
		if g.Result == "victory" {
			place, score = 1, 1
		}
		for _, seat := range g.Seats {
			st.Placements = append(st.Placements, console.Placement{Seat: console.Seat(seat), Name: seat, Place: place, Score: score})
		}
		return st
	}
	return console.Status{Summary: fmt.Sprintf("Round %d, %s", g.Round, g.phaseWords())}
}

// estimatedText names a card's estimated values for the card's mark (the
// way BattleLore marks its estimated costs), or "".
func estimatedText(c card.Card) string {
	if len(c.Estimated) == 0 {
		return ""
	}
	return "Estimated, not printed in the rulebook: " + strings.Join(c.Estimated, ", ") + "."
}

// countWords is 1 → "once", 2 → "twice", n → "n times".
func countWords(n int) string {
	switch n {
	case 0, 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// cycleWords is a skill cycle in words (l. 407–411, RU-D10): "once per
// fight", "twice per game", "once per turn", "always active", or "how
// often is not given" when the card does not say.
func cycleWords(c card.Cycle) string {
	switch c.Per {
	case card.PerConstant:
		return "always active"
	case card.PerFight:
		return countWords(c.Uses) + " per fight"
	case card.PerGame:
		return countWords(c.Uses) + " per game"
	case card.PerTurn:
		return countWords(c.Uses) + " per turn"
	}
	return "how often is not given"
}

// effectWords is an ability's effect in words (RU-D14).
func effectWords(e card.Effect) string {
	switch e.Type {
	case card.EffectInstantKill:
		return "kills instantly"
	case card.EffectOnDie:
		return fmt.Sprintf("kills instantly on a die of %d+", e.Min)
	case card.EffectAttack:
		if e.Dice != nil {
			return "rolls " + e.Dice.String() + " of its own"
		}
		return "rolls dice of its own"
	case card.EffectHeal:
		return fmt.Sprintf("heals %d hit point%s", e.HP, plural(e.HP))
	case card.EffectFlee:
		return "leaves a close combat"
	}
	return "the players apply the card text"
}

// defaultSplit is the split of hits a form starts from (PromptView.Assign):
// each hit, in order, to the first engaged enemy still standing after
// the hits before it, "" when none is.
func (g *state) defaultSplit(at *attack, hits []int) []string {
	hp := map[string]int{}
	for _, t := range at.Targets {
		if e := g.enemy(t); e != nil && e.AI.Mode != rn.Dead {
			hp[t] = e.HP
		}
	}
	out := make([]string, 0, len(hits))
	for _, pos := range hits {
		target := ""
		for _, t := range at.Targets {
			if hp[t] > 0 {
				target = t
				break
			}
		}
		out = append(out, target)
		if target == "" {
			continue
		}
		if at.OnDie > 0 && pos-1 < len(at.Faces) && at.Faces[pos-1] >= at.OnDie {
			hp[target] = 0
		} else {
			hp[target]--
		}
	}
	return out
}
