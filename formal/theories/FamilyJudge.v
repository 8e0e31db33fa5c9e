(** * Verdicts on family certificates, for the extracted judge

    The two family shapes that prove a statement for every c of a residue
    class, as boolean verdicts that [formal/judge/Extract.v] extracts to
    OCaml, each with its soundness theorem:

    - a [Family] certificate (format 6, docs/FAMILIES.md; [Family.v]):
      for every k >= k0, with c = (a + b) k + rho, G_{a,b,c} is purely
      periodic and equals E_k, whose least period is c + d (Tail shape,
      [family_tail_verdict]) or p0 (Base shape, [family_base_verdict]);
    - a [PrePeriodicFamily] certificate (format 8, docs/NECESSITY.md;
      [PrePeriodic.v]): for every k >= k0, G_{a,b,c} = E_k, q(k) > 0 is
      the least pre-period for every period, p(k) is a period from q(k),
      and with a marker the least one ([preperiodic_verdict]).

    Each verdict is the conjunction of the checkers that an exported Coq
    file runs by [vm_compute]; its soundness theorem is the composition of
    the theorems that file applies ([Family.tail_family],
    [Family.base_family], [PrePeriodic.chk_R_sound],
    [PrePeriodic.chk_RL_sound]). The thresholds K, M, r and the marker's
    position are hints: any value the checkers accept gives the theorem,
    and a wrong one makes the verdict [false]. *)

From Coq Require Import List Arith ZArith Bool.
From Nimcert Require Import Mex Subtraction Period Family PrePeriodic.
Import ListNotations.

(** ** Tail shape: the B-run of length c(k), then the tail Y *)

Definition family_tail_verdict (a b rho : nat) (B Y : list nat) (k0 K L u0 : nat) : bool :=
  tail_R_check a b rho B Y k0 K && tail_M_check a b rho B Y k0 K L u0.

(** Acceptance: for every k >= k0, G_{a,b,c(k)} = E_k and its least
    period is c(k) + |Y| with pre-period 0 ([Family.tail_claim]). *)
Theorem family_tail_verdict_sound a b rho B Y k0 K L u0 :
  family_tail_verdict a b rho B Y k0 K L u0 = true ->
  forall k, k0 <= k -> tail_claim a b rho B Y k.
Proof.
  unfold family_tail_verdict. intros H. apply andb_true_iff in H as [HR HM].
  exact (tail_family a b rho B Y k0 K L u0 HR HM).
Qed.

(** ** Base shape: the B-run alone, least period p0 *)

Definition family_base_verdict (a b rho : nat) (B : list nat) (p0 k0 : nat) : bool :=
  base_R_check a b rho B k0 && base_M_check a b B p0.

(** Acceptance: for every k >= k0, G_{a,b,c(k)} = x |-> B[x mod (a + b)]
    and its least period is p0 with pre-period 0 ([Family.base_claim]). *)
Theorem family_base_verdict_sound a b rho B p0 k0 :
  family_base_verdict a b rho B p0 k0 = true ->
  forall k, k0 <= k -> base_claim a b rho B p0 k.
Proof.
  unfold family_base_verdict. intros H. apply andb_true_iff in H as [HR HM].
  exact (base_family a b rho B p0 k0 HR HM).
Qed.

(** ** Pre-periodic families *)

(** The claim's a, b, rho, k0, blocks, q(k) = qs k + qo and
    p(k) = ps k + po; the hints r (copies of the period unrolled), K and M
    (Lemma S's threshold and modulus); and perhaps a marker W with its own
    K and M. The modulus m = a + b is computed here, not read. *)
Definition preperiodic_verdict (a b rho k0 : nat) (pre per : list block) (qs : nat) (qo : Z)
    (ps : nat) (po : Z) (r K M : nat) (marker : option (list nat * nat * nat)) : bool :=
  chk_R a b (a + b) rho k0 pre per qs qo ps po r K M &&
  match marker with
  | None => true
  | Some (W, KL, ML) => chk_L k0 per W KL ML
  end.

(** Acceptance: for every k >= k0 and any q, p that are the stated affine
    functions on k >= k0, the claim at k holds ([PrePeriodic.pp_claim]:
    G_S = E_k, 0 < q(k), 0 < p(k), p(k) a period from q(k), and no period
    from below q(k)); with a marker, p(k) is moreover the least period and
    q(k) the least pre-period ([least_preperiod]). *)
Theorem preperiodic_verdict_sound a b rho k0 pre per qs qo ps po r K M marker
    (qf pf : nat -> nat) :
  preperiodic_verdict a b rho k0 pre per qs qo ps po r K M marker = true ->
  (forall k, k0 <= k -> Z.of_nat (qf k) = (Z.of_nat qs * Z.of_nat k + qo)%Z) ->
  (forall k, k0 <= k -> Z.of_nat (pf k) = (Z.of_nat ps * Z.of_nat k + po)%Z) ->
  forall k, k0 <= k -> pp_claim a b (a + b) rho pre per k (qf k) (pf k) /\
    (marker <> None -> least_preperiod (G [a; b; (a + b) * k + rho]) (qf k) (pf k)).
Proof.
  unfold preperiodic_verdict. intros H Hq Hp k Hk. apply andb_true_iff in H as [HR HL].
  destruct marker as [[[W KL] ML]|].
  - destruct (chk_RL_sound a b (a + b) rho k0 pre per qs qo ps po r K M W KL ML qf pf
                HR HL Hq Hp k Hk) as [Hc Hl].
    split; [exact Hc | intros _; exact Hl].
  - split; [exact (chk_R_sound a b (a + b) rho k0 pre per qs qo ps po r K M qf pf HR Hq Hp k Hk)|].
    intros Hn. exfalso. apply Hn. reflexivity.
Qed.
