package card

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// MaxRecordsSize bounds the bytes DecodeRecords reads, so a hostile file
// cannot exhaust memory.
const MaxRecordsSize = 4 << 20

// record is one card in the units.json format (§2.2): distances and dice
// as strings the way the card prints them, null where the source gives no
// value.
type record struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Faction   string          `json:"faction"`
	Race      *string         `json:"race"`
	HP        *int            `json:"hp"`
	Move      *string         `json:"move"`
	Vision    *string         `json:"vision"`
	Close     *string         `json:"close"`
	Ranged    *string         `json:"ranged"`
	Range     *string         `json:"range"`
	Abilities []abilityRecord `json:"abilities"`
	Size      *string         `json:"size"`
	Custom    bool            `json:"custom,omitempty"`
	Source    string          `json:"source"`
	Missing   []string        `json:"missing"`
	Estimated []string        `json:"estimated,omitempty"`
}

// abilityRecord is one ability in the units.json format (§2.2, RU-D14).
type abilityRecord struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Kind    string       `json:"kind"`
	Origin  *string      `json:"origin"`
	Cycle   *cycleRecord `json:"cycle"`
	Trigger *int         `json:"trigger"`
	Phase   []string     `json:"phase"`
	Target  string       `json:"target"`
	Reach   *string      `json:"reach"`
	Effect  effectRecord `json:"effect"`
	Text    string       `json:"text"`
	Source  string       `json:"source,omitempty"`
}

// cycleRecord is {"per": …, "uses": N}; uses defaults to 1 (RU-D10).
type cycleRecord struct {
	Per  string `json:"per"`
	Uses *int   `json:"uses,omitempty"`
}

// effectRecord is the effect object of RU-D14.
type effectRecord struct {
	Type string  `json:"type"`
	Min  int     `json:"min,omitempty"`
	Then string  `json:"then,omitempty"`
	Dice *string `json:"dice,omitempty"`
	HP   int     `json:"hp,omitempty"`
}

// DecodeRecords reads cards in the units.json format (§2.2): a JSON array
// of records, or one record object (define-card file=, RU-D59). Decoding
// is strict (unknown fields and trailing data are errors); defaults are
// applied (phase by kind, uses 1, RU-D10, RU-D13) and every card is
// validated. Errors name the record by position and id and the field:
// "record 2 (naali): close: dice must look like 3D3+ or 2D 4+ (got …)".
func DecodeRecords(b []byte) ([]Card, error) {
	if len(b) > MaxRecordsSize {
		return nil, fmt.Errorf("larger than %d bytes", MaxRecordsSize)
	}
	trimmed := bytes.TrimSpace(b)
	var raws []json.RawMessage
	switch {
	case len(trimmed) > 0 && trimmed[0] == '{':
		raws = []json.RawMessage{trimmed}
	case len(trimmed) > 0 && trimmed[0] == '[':
		if err := strict(trimmed, &raws); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("expected a JSON array of card records or one record object")
	}
	cards := make([]Card, 0, len(raws))
	seen := map[string]int{}
	for i, raw := range raws {
		where := fmt.Sprintf("record %d", i+1)
		var peek struct {
			ID any `json:"id"`
		}
		if json.Unmarshal(raw, &peek) == nil {
			if id, ok := peek.ID.(string); ok && id != "" {
				where = fmt.Sprintf("record %d (%s)", i+1, id)
			}
		}
		var r record
		if err := strict(raw, &r); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		c, err := r.card()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if j, dup := seen[c.ID]; dup {
			return nil, fmt.Errorf("%s: id: duplicate of record %d", where, j+1)
		}
		seen[c.ID] = i
		cards = append(cards, c)
	}
	return cards, nil
}

// strict decodes one JSON value: unknown fields and trailing data are
// errors.
func strict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the JSON value")
	}
	return nil
}

// card converts a record to a Card and validates it.
func (r record) card() (Card, error) {
	c := Card{
		ID: r.ID, Name: r.Name, Faction: r.Faction,
		Source: r.Source, Custom: r.Custom,
	}
	if r.Race != nil {
		if *r.Race == "" {
			return Card{}, errors.New("race: empty (write null)")
		}
		c.Race = *r.Race
	}
	if r.HP != nil {
		if *r.HP < 1 || *r.HP > MaxHP {
			return Card{}, fmt.Errorf("hp: %w", errHP(*r.HP))
		}
		c.HP = *r.HP
	}
	for _, d := range []struct {
		field string
		s     *string
		t     *rn.Ticks
	}{{"move", r.Move, &c.Move}, {"vision", r.Vision, &c.Vision}, {"range", r.Range, &c.Range}} {
		if d.s == nil {
			continue
		}
		t, err := positiveDistance(*d.s, rn.Inches)
		if err != nil {
			return Card{}, fmt.Errorf("%s: %w", d.field, err)
		}
		*d.t = t
	}
	for _, d := range []struct {
		field string
		s     *string
		d     **Dice
	}{{"close", r.Close, &c.Close}, {"ranged", r.Ranged, &c.Ranged}} {
		if d.s == nil {
			continue
		}
		x, err := ParseDice(*d.s)
		if err != nil {
			return Card{}, fmt.Errorf("%s: %w", d.field, err)
		}
		*d.d = &x
	}
	if r.Size != nil {
		if *r.Size == "" {
			return Card{}, errors.New("size: empty (write null)")
		}
		c.Size = *r.Size
	}
	for i, ar := range r.Abilities {
		a, err := ar.ability()
		if err != nil {
			return Card{}, fmt.Errorf("abilities: %d (%s): %w", i+1, ar.ID, err)
		}
		c.Abilities = append(c.Abilities, a)
	}
	if len(r.Missing) > 0 {
		c.Missing = append([]string(nil), r.Missing...)
	}
	if len(r.Estimated) > 0 {
		c.Estimated = append([]string(nil), r.Estimated...)
	}
	if err := c.Validate(); err != nil {
		return Card{}, err
	}
	return c, nil
}

// positiveDistance parses a distance that must be more than 0 (0 is the
// engine's "not given": write null instead).
func positiveDistance(s string, def rn.Unit) (rn.Ticks, error) {
	t, err := ParseDistance(s, def)
	if err != nil {
		return 0, err
	}
	if t <= 0 {
		return 0, fmt.Errorf("must be more than 0 (got %q; write none or null for no value)", s)
	}
	return t, nil
}

// ability converts an ability record, applying the §2.2 defaults.
func (r abilityRecord) ability() (Ability, error) {
	a := Ability{
		ID: r.ID, Name: r.Name, Kind: r.Kind, Target: r.Target,
		Text: r.Text, Source: r.Source,
	}
	if r.Origin != nil {
		a.Origin = *r.Origin
	}
	if r.Reach != nil {
		a.Reach = *r.Reach
	}
	if r.Cycle != nil {
		a.Cycle.Per = r.Cycle.Per
		switch {
		case r.Cycle.Per == PerConstant:
			// uses is ignored for constant abilities (§2.2).
		case r.Cycle.Uses != nil:
			a.Cycle.Uses = *r.Cycle.Uses
		default:
			a.Cycle.Uses = 1
		}
		if r.Cycle.Per == "" {
			return Ability{}, errors.New("cycle: per must be fight, game, turn or constant (write null for an unknown cycle)")
		}
	}
	if r.Trigger != nil {
		if *r.Trigger < 1 || *r.Trigger > 6 {
			return Ability{}, fmt.Errorf("trigger: trigger must be 1–6 or none (got %d)", *r.Trigger)
		}
		a.Trigger = *r.Trigger
	}
	a.Effect = Effect{Type: r.Effect.Type, Min: r.Effect.Min, Then: r.Effect.Then, HP: r.Effect.HP}
	if r.Effect.Dice != nil {
		d, err := ParseDice(*r.Effect.Dice)
		if err != nil {
			return Ability{}, fmt.Errorf("effect: dice: %w", err)
		}
		a.Effect.Dice = &d
	}
	if len(r.Phase) == 0 {
		a.Phase = DefaultPhase(a.Kind, a.Effect.Type)
	} else {
		a.Phase = append([]string(nil), r.Phase...)
	}
	if err := a.Validate(); err != nil {
		return Ability{}, err
	}
	return a, nil
}

// EncodeRecords writes cards in the units.json format, indented, nulls
// written out; DecodeRecords reads the result back to the same cards.
// Distances are written in inches ("5.2in"), exact for every tick.
func EncodeRecords(cards []Card) ([]byte, error) {
	recs := make([]record, 0, len(cards))
	for i, c := range cards {
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("record %d (%s): %w", i+1, c.ID, err)
		}
		recs = append(recs, toRecord(c))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(recs); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// toRecord converts a valid card to its units.json record.
func toRecord(c Card) record {
	r := record{
		ID: c.ID, Name: c.Name, Faction: c.Faction, Custom: c.Custom,
		Source: c.Source, Missing: c.Missing, Abilities: []abilityRecord{},
		Estimated: c.Estimated,
	}
	if r.Missing == nil {
		r.Missing = []string{}
	}
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	dist := func(t rn.Ticks) *string {
		if t == 0 {
			return nil
		}
		return str(formatIn(t))
	}
	dice := func(d *Dice) *string {
		if d == nil {
			return nil
		}
		return str(d.String())
	}
	r.Race = str(c.Race)
	if c.HP > 0 {
		hp := c.HP
		r.HP = &hp
	}
	r.Move, r.Vision, r.Range = dist(c.Move), dist(c.Vision), dist(c.Range)
	r.Close, r.Ranged = dice(c.Close), dice(c.Ranged)
	r.Size = str(c.Size)
	for _, a := range c.Abilities {
		ar := abilityRecord{
			ID: a.ID, Name: a.Name, Kind: a.Kind, Origin: str(a.Origin),
			Phase: a.Phase, Target: a.Target, Reach: str(a.Reach),
			Effect: effectRecord{Type: a.Effect.Type, Min: a.Effect.Min, Then: a.Effect.Then, Dice: dice(a.Effect.Dice), HP: a.Effect.HP},
			Text:   a.Text, Source: a.Source,
		}
		if a.Cycle.Per != "" {
			ar.Cycle = &cycleRecord{Per: a.Cycle.Per}
			if a.Cycle.Per != PerConstant {
				uses := a.Cycle.Uses
				ar.Cycle.Uses = &uses
			}
		}
		if a.Trigger > 0 {
			t := a.Trigger
			ar.Trigger = &t
		}
		r.Abilities = append(r.Abilities, ar)
	}
	return r
}
