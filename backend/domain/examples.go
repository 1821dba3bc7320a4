package domain

// ExampleQuestions are the questions the Research view suggests (the seed's examples). They
// live here, not in the window, so the test that runs each against the search fakes guards
// the same list the user clicks.
var ExampleQuestions = []string{
	"What drugs could be repurposed for Alzheimer's disease?",
	"Is metformin effective for treating cancer?",
	"What medications show promise for Long COVID treatment?",
	"Can statins be repurposed for neurological conditions?",
}
