(* Checked by `make -C formal assumptions`: each main theorem must print
   "Closed under the global context" (no axiom, no Admitted). The make target
   counts the Print Assumptions lines below. *)
From Nimcert Require Import Mex Subtraction Period SequenceCheck PSetCheck Certificate TreeVertex Fast Stream Primes Judge.
From Nimcert Require Import Mex Subtraction Period SequenceCheck PSetCheck Certificate TreeVertex.
From Nimcert Require Avoidance Closure TreeEdge Affine.
Print Assumptions Mex.mex_not_In.
Print Assumptions Mex.mex_below_In.
Print Assumptions Subtraction.G_is_nim_sequence.
Print Assumptions Subtraction.nim_sequence_unique.
Print Assumptions SequenceCheck.check_sequence_sound.
Print Assumptions PSetCheck.check_pset_sound.
Print Assumptions Certificate.check_sequence_cert_sound.
Print Assumptions Certificate.check_pset_cert_sound.
Print Assumptions TreeVertex.nim_dng_by_computation.
Print Assumptions TreeVertex.maximal_family_by_computation.
Print Assumptions TreeVertex.NimDNG_unique.
Print Assumptions Fast.mexN_map.
Print Assumptions Stream.run_get.
Print Assumptions Primes.primes_ok_complete.
Print Assumptions Judge.check_periodic_sound.
Print Assumptions Judge.check_sequenceN_sound.
From Nimcert Require JudgeSmall.
Print Assumptions JudgeSmall.check_periodic_small_sound.
From Nimcert Require Import Octal OctalCheck.
Print Assumptions Octal.octal_rule_unique.
Print Assumptions Octal.octal_G_rule.
Print Assumptions Octal.octal_periodicity.
Print Assumptions OctalCheck.check_octal_sound.
Print Assumptions OctalCheck.check_octal_periodic_sound.
Print Assumptions OctalCheck.check_octal_cert_sound.
Print Assumptions Avoidance.av_nim_sound.
Print Assumptions Avoidance.av_maximal_sound.
Print Assumptions Closure.nim_dng_by_computation.
Print Assumptions Closure.maximal_family_by_computation.
Print Assumptions Closure.NimDNG_unique.
Print Assumptions TreeEdge.nim_dng_by_computation.
Print Assumptions TreeEdge.maximal_family_by_computation.
Print Assumptions TreeEdge.NimDNG_unique.
Print Assumptions Affine.out_b_sound.
Print Assumptions Affine.in_b_sound.
Print Assumptions Affine.nim_dng_by_computation.
Print Assumptions Affine.maximal_family_by_computation.
Print Assumptions Affine.NimDNG_unique.
From Nimcert Require PSetFast.
Print Assumptions PSetCheck.pset_claim_of_rules.
Print Assumptions PSetFast.check_psetN_sound.
Print Assumptions Certificate.check_psetN_cert_sound.
From Nimcert Require AvoidanceJudge.
Print Assumptions AvoidanceJudge.tree_vertices_verdict_sound.
Print Assumptions AvoidanceJudge.tree_edges_verdict_sound.
Print Assumptions AvoidanceJudge.closure_verdict_sound.
Print Assumptions AvoidanceJudge.affine_verdict_sound.
Print Assumptions Octal.octal_periodicity_octal.
From Nimcert Require Refute.
Print Assumptions Refute.G_differs_from_options.
Print Assumptions Refute.refutes_sound.
From Nimcert Require Family.
Print Assumptions Family.fact1_G.
Print Assumptions Family.fact2_unique_window.
Print Assumptions Family.tail_recurrence.
Print Assumptions Family.tail_marker.
Print Assumptions Family.tail_claim_of_RM.
Print Assumptions Family.tail_family.
Print Assumptions Family.base_recurrence.
Print Assumptions Family.base_marker.
Print Assumptions Family.base_claim_of_RM.
Print Assumptions Family.base_family.
From Nimcert Require Hole.
Print Assumptions Hole.hole_G.
Print Assumptions Hole.word_least.
Print Assumptions Hole.hole_claim.
Print Assumptions Hole.hole_verdict_accepts.
Print Assumptions Hole.hole_verdict_refutes.
Print Assumptions Hole.hole_verdict_agrees.
From Nimcert Require JudgePacked.
Print Assumptions JudgePacked.check_periodic_packed_sound.
From Nimcert Require PrePeriodic.
Print Assumptions PrePeriodic.fact1_pre.
Print Assumptions PrePeriodic.fact2_pre.
Print Assumptions PrePeriodic.lemma_s_all.
Print Assumptions PrePeriodic.lemma_s_once.
Print Assumptions PrePeriodic.chk_R_sound.
Print Assumptions PrePeriodic.chk_RL_sound.

From Nimcert Require FamilyJudge.
Print Assumptions FamilyJudge.family_tail_verdict_sound.
Print Assumptions FamilyJudge.family_base_verdict_sound.
Print Assumptions FamilyJudge.preperiodic_verdict_sound.
