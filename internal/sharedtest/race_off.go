//go:build !race

package sharedtest

const raceDetector = false
