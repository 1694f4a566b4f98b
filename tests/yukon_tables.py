"""Yukon tables the tests of issue 31 play to (the hint, the demo, the lost verdict)."""

ISSUE_LINE = (
    "C3:KD->C1 C4:3D->C1 C6:JC->C7 C1:8H->C6 C3->C1 C3->C1 C4->C3 C7:JH->C4 "
    "C6:TH->C7 C6->C4 C6->F3 C7:QH->C3 C3->C7 C6:9S->C3 C5:3H->C3 C1:4H->C5 "
    "C4:QC->C1 C3:4C->C1 C1:7D->C3 C5:TC->C1 C1:KC->C4 C7:9D->C1 C1:TS->C5 C7->C1 "
    "C5:JD->C7 C5->F4 C5->C2 C5->F4 C2->F4"
)
"""The moves the issue typed after ':' (the old hint's own)."""

LOST_CLASSIC_20 = (
    "C5:QS->C6 C5->C6 C5->C4 C4:2S->C7 C5->C2 C4->F2 C7->F2 C6:AD->C5 C6->C5 C6->C3 "
    "C2:QH->C6 C4->C2 C5:9S->C3 C2:5D->C3 C6:KS->C2 C7:3H->C3 C3:3D->C1 C4->C1 C6->C4 "
    "C1:5C->C7 C3:AS->C7 C2:3C->C3 C1:8D->C3 C5->C3 C3->F3 C7:6H->C6 F3->C3 C3->F3 C3->C1 "
    "C5->C3 C7:KC->C5 C6:JC->C2 C6:JH->C2 C3:4H->C6 C5:9H->C3 C2:QS->C4 C1:4S->C4 "
    "C4:QS->C2 F3->C2 C2->F4 C2:6D->C7 C3:TC->C2 C7:7C->C3 C6:7D->C2 C2:KS->C1 C1:KH->C2 "
    "C2:QS->C4 C4:TC->C1 F4->C1 C1:TH->C7 C7:TH->C1 C1->C3 C3->F4 C1:7D->C6 C1:TH->C7 "
    "C4:QS->C2 C2:QS->C4 F4->C6 C6->F4 C4:QS->C2 F4->C6 C6->F3 C7:TC->C2 F3->C6 C6:7D->C2 "
    "C6:TD->C1 C2->F3 C2:7D->C1 C2:QS->C4 C3:5H->C6 C1:4D->C3 C6:7S->C1"
)
"""Classic game 20 played at random (turning cards first) to a table with four cards face
down that no arrangement of them wins."""
