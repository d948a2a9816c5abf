// Command icongen draws Command Console's application icon, a die showing
// five on an amber hexagon over a dark rounded square, and writes it as a
// PNG. It was run once to make assets/icon.png:
//
//	go run ./app/internal/icongen assets/icon.png
//
// It uses only the standard library, so the icon can be redrawn anywhere.
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

// size is the icon's width and height in pixels.
const size = 1024

// samples is the supersampling grid per pixel axis, for anti-aliasing.
const samples = 4

var (
	background = color.RGBA{0x14, 0x17, 0x1f, 0xff}
	rim        = color.RGBA{0x2a, 0x30, 0x3d, 0xff}
	amber      = color.RGBA{0xff, 0xb0, 0x20, 0xff}
	amberDeep  = color.RGBA{0xe0, 0x8a, 0x00, 0xff}
	face       = color.RGBA{0x1c, 0x20, 0x2b, 0xff}
	pip        = color.RGBA{0xf4, 0xf1, 0xea, 0xff}
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: icongen OUT.png")
		os.Exit(2)
	}
	f, err := os.Create(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := png.Encode(f, draw()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// draw renders the icon by supersampling a function from a point in
// [0,1]² to a colour.
func draw() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for sy := 0; sy < samples; sy++ {
				for sx := 0; sx < samples; sx++ {
					px := (float64(x) + (float64(sx)+0.5)/samples) / size
					py := (float64(y) + (float64(sy)+0.5)/samples) / size
					c, ok := shade(px, py)
					if !ok {
						continue
					}
					r += float64(c.R)
					g += float64(c.G)
					b += float64(c.B)
					a++
				}
			}
			n := float64(samples * samples)
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{
				R: uint8(r / a), G: uint8(g / a), B: uint8(b / a), A: uint8(255 * a / n),
			})
		}
	}
	return img
}

// shade returns the colour at (x, y), or false where the icon is
// transparent (outside the rounded square).
func shade(x, y float64) (color.RGBA, bool) {
	if roundedBox(x-0.5, y-0.5, 0.47, 0.47, 0.11) > 0 {
		return color.RGBA{}, false
	}
	if roundedBox(x-0.5, y-0.5, 0.47, 0.47, 0.11) > -0.012 {
		return rim, true
	}
	// The hexagon, with a vertical amber gradient.
	if hexagon(x-0.5, y-0.5, 0.42) <= 0 {
		// The die: a rounded square face inside the hexagon.
		if roundedBox(x-0.5, y-0.5, 0.205, 0.205, 0.05) <= 0 {
			for _, p := range [][2]float64{{-0.1, -0.1}, {0.1, -0.1}, {0, 0}, {-0.1, 0.1}, {0.1, 0.1}} {
				if math.Hypot(x-0.5-p[0], y-0.5-p[1]) <= 0.038 {
					return pip, true
				}
			}
			return face, true
		}
		t := (y - 0.1) / 0.8
		return mix(amber, amberDeep, t), true
	}
	return background, true
}

// roundedBox is the signed distance from (x, y) to a box of half-size
// (w, h) centred on the origin with corner radius r.
func roundedBox(x, y, w, h, r float64) float64 {
	qx := math.Abs(x) - w + r
	qy := math.Abs(y) - h + r
	out := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
	return out + math.Min(math.Max(qx, qy), 0) - r
}

// hexagon is the signed distance from (x, y) to a pointy-topped regular
// hexagon of circumradius r centred on the origin.
func hexagon(x, y, r float64) float64 {
	// Work in the first quadrant, where a pointy-topped hexagon has two
	// edges: the vertical one (normal at 0°) and the slanted one (normal at
	// 60° from the x axis).
	x, y = math.Abs(x), math.Abs(y)
	apothem := r * math.Sqrt(3) / 2
	d1 := x - apothem
	d2 := x*math.Cos(math.Pi/3) + y*math.Sin(math.Pi/3) - apothem
	return math.Max(d1, d2)
}

// mix blends a towards b by t in [0,1].
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(p, q uint8) uint8 { return uint8(float64(p) + (float64(q)-float64(p))*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xff}
}
