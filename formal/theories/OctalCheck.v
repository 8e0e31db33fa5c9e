(** * The checker of [Octal] and [OctalPeriodic] claims, and its soundness

    Mirrors checker/src/octal.rs for its codes (hexadecimal digits 0..15,
    d0 = 0, 4, 8 or 12; [octal_code]), the moves of a digit with bit 8
    leaving three heaps.  With j = [heaps code] (3 when a digit has bit 8,
    else 2) and L = j(q + p) + t + 1 the checker computes G on [0, L) by
    the mex rule ([octal_prefix]) and requires
    - Rule 1: for [Octal], the values v equal G on [0, q + p); for both
      kinds, G(n + p) = G(n) for q <= n < L - p = jq + (j - 1)p + t + 1.  nimcheck
      states Rule 1 of [Octal] as G = v extended on [0, L): given v = G on
      [0, q + p), the same condition.  By [octal_periodicity] G is then
      p-periodic from q, so equal to v (or, for [OctalPeriodic], to its own
      first q + p values) extended;
    - Rule 2 (least period): a witness for each prime divisor of p;
    - Rule 3 (least pre-period): q = 0, or the witness q - 1.
    Rules 2 and 3 are [SequenceCheck]'s, read on the same extension. *)

From Coq Require Import List Arith Bool NArith Lia.
From Nimcert Require Import Mex Subtraction Period SequenceCheck Certificate Octal.
Import ListNotations.

(** ** The claims (trusted statements) *)

(** An [Octal] claim: for the octal game [code], the values of heaps (any
    solution of the rule, which exists and is unique: [octal_G_rule],
    [octal_rule_unique]) are v extended, p is their least period and q the
    least pre-period. *)
Definition octal_claim (code : list nat) (q p : nat) (values : list nat) : Prop :=
  octal_code code /\
  forall g, octal_rule code g -> (forall n, g n = vext q p values n) /\ least_preperiod g q p.

(** An [OctalPeriodic] claim: the same without the values. *)
Definition octal_periodic_claim (code : list nat) (q p : nat) : Prop :=
  octal_code code /\ forall g, octal_rule code g -> least_preperiod g q p.

(** ** The checker *)

(** d0 is 0, 4, 8 or 12, every digit is below 16, and the last one is not
    0 (checker/src/octal.rs, [Code::parse]: for "4.0" the list is [4]). *)
Definition code_ok (code : list nat) : bool :=
  match code with
  | [] => false
  | d0 :: _ =>
      ((d0 =? 0) || (d0 =? 4) || (d0 =? 8) || (d0 =? 12)) &&
      forallb (fun d => d <? 16) code &&
      negb (last code 0 =? 0)
  end.

(** Entry i of both lists agree, for i below both lengths. *)
Fixpoint agree (l1 l2 : list nat) : bool :=
  match l1, l2 with
  | a :: l1', b :: l2' => (a =? b) && agree l1' l2'
  | _, _ => true
  end.

(** L = j(q + p) + t + 1, with t + 1 = [length code] and j = [heaps code]. *)
Definition octal_length (code : list nat) (q p : nat) : nat :=
  heaps code * (q + p) + length code.

(** The rules, given a test [values_ok] of G on [0, q + p). *)
Definition check_octal_with (values_ok : list nat -> bool) (code : list nat) (q p : nat)
    (period_witnesses : list (nat * nat)) (preperiod_witness : option nat) : bool :=
  let g := octal_prefix code (octal_length code q p) in
  let first := firstn (q + p) g in
  let v := vext q p first in
  code_ok code && (0 <? p) &&
  (* Rule 1 *)
  values_ok first && agree (skipn q g) (skipn (q + p) g) &&
  (* Rule 2 *)
  minimality_ok p period_witnesses (fun x d => (q <=? x) && negb (v x =? v (x + d))) &&
  (* Rule 3 *)
  preperiod_ok q p v preperiod_witness.

Definition check_octal (code : list nat) (q p : nat) (values : list nat) :=
  check_octal_with (fun first => nat_list_eqb first values) code q p.

Definition check_octal_periodic (code : list nat) (q p : nat) :=
  check_octal_with (fun _ => true) code q p.

(** ** Soundness *)

Lemma code_ok_octal_code code : code_ok code = true -> octal_code code.
Proof.
  destruct code as [|d0 ds]; [discriminate|]. intros H. cbn [code_ok] in H.
  apply andb_true_iff in H as [H _]. apply andb_true_iff in H as [H0 H].
  split; [apply Forall_forall; intros d Hd; rewrite forallb_forall in H;
          apply Nat.ltb_lt, H, Hd|].
  unfold digit; simpl.
  repeat match type of H0 with
  | (_ || _) = true => apply orb_true_iff in H0 as [H0|H0]
  end; apply Nat.eqb_eq in H0; subst; auto.
Qed.

Lemma agree_nth l1 l2 : agree l1 l2 = true ->
  forall i, i < length l1 -> i < length l2 -> nth i l1 0 = nth i l2 0.
Proof.
  revert l2. induction l1 as [|a l1 IH]; intros [|b l2] H i H1 H2; simpl in *; try lia.
  apply andb_true_iff in H as [E H]. destruct i as [|i].
  - apply Nat.eqb_eq, E.
  - apply IH; auto; lia.
Qed.

(** Rules 2 and 3 for a function [f] equal to [first] on [0, q + p) and
    p-periodic from q: [f] is [first] extended, with least period p and
    least pre-period q. *)
Lemma periodic_claim f q p first pw qw :
  0 < p -> length first = q + p -> (forall x, x < q + p -> f x = nth x first 0) ->
  period_from f q p ->
  minimality_ok p pw
    (fun x d => (q <=? x) && negb (vext q p first x =? vext q p first (x + d))) = true ->
  preperiod_ok q p (vext q p first) qw = true ->
  (forall x, f x = vext q p first x) /\ least_preperiod f q p.
Proof.
  intros Hp Hlen Hv Hper Hmin Hpre.
  assert (Hext : forall x, f x = vext q p first x).
  { intros x. unfold vext. destruct (x <? q + p) eqn:E.
    - apply Nat.ltb_lt in E. apply Hv, E.
    - apply Nat.ltb_ge in E.
      pose proof (Nat.div_mod (x - q) p ltac:(lia)) as D.
      pose proof (Nat.mod_upper_bound (x - q) p ltac:(lia)) as B.
      rewrite <- Hv by lia.
      rewrite <- (period_mult f q p Hper ((x - q) / p) (q + (x - q) mod p)) by lia.
      f_equal. nia. }
  split; [exact Hext|]. split; [|split; [exact Hper|]].
  - apply (least_period_of_witnesses f q p Hp Hper).
    intros r Hr Hd.
    destruct (minimality_ok_spec p pw _ Hp Hmin r Hr Hd) as [x Hx].
    apply andb_true_iff in Hx as [Hqx Hx]. apply Nat.leb_le in Hqx.
    exists x. split; [exact Hqx|]. rewrite !Hext.
    intros E. rewrite E, Nat.eqb_refl in Hx. discriminate.
  - apply least_preperiod_of_witness. destruct q as [|k]; [left; auto|right].
    destruct qw as [w|]; [|discriminate]. simpl in Hpre.
    apply andb_true_iff in Hpre as [_ Hpre].
    replace (S k - 1) with k by lia. rewrite !Hext.
    intros E. rewrite E, Nat.eqb_refl in Hpre. discriminate.
Qed.

(** What the checker proves, whatever the test of the values: the code is
    covered, and every solution of the rule is G on [0, q + p) extended,
    with least period p and least pre-period q. *)
Theorem check_octal_with_sound ok code q p pw qw :
  check_octal_with ok code q p pw qw = true ->
  let first := firstn (q + p) (octal_prefix code (octal_length code q p)) in
  ok first = true /\ octal_code code /\
  forall g, octal_rule code g -> (forall n, g n = vext q p first n) /\ least_preperiod g q p.
Proof.
  unfold check_octal_with. cbv zeta. intros H.
  repeat match type of H with
  | (_ && _) = true => apply andb_true_iff in H as [H ?]
  end.
  rename H into Hcode.
  match goal with
  | Hp : (0 <? p) = true, Ho : ok _ = true, Hw : agree _ _ = true,
    Hm : minimality_ok _ _ _ = true, Hq : preperiod_ok _ _ _ _ = true |- _ =>
      rename Hp into Hp0, Ho into Hok, Hw into Hwin, Hm into Hmin, Hq into Hpre
  end.
  apply Nat.ltb_lt in Hp0. apply code_ok_octal_code in Hcode.
  split; [exact Hok|]. split; [exact Hcode|]. intros g Hg.
  set (L := octal_length code q p) in *.
  assert (HL : L = heaps code * (q + p) + length code) by reflexivity.
  assert (HL' : 2 * (q + p) + length code <= L /\
                L - p = heaps code * q + (heaps code - 1) * p + length code)
    by (destruct (heaps_cases code) as [E|E]; rewrite HL, E; lia).
  pose proof (octal_G_unique code g Hcode Hg) as Eg.
  assert (HG : forall n, n < L -> nth n (octal_prefix code L) 0 = g n).
  { intros n Hn. rewrite Eg. apply octal_prefix_nth, Hn. }
  apply (periodic_claim g q p _ pw qw); auto.
  - rewrite firstn_length, octal_prefix_length. lia.
  - intros x Hx. rewrite nth_firstn_below, HG by lia. reflexivity.
  - apply (octal_periodicity code g q p Hcode Hg Hp0). intros n Hn.
    pose proof (agree_nth _ _ Hwin (n - q)) as A.
    rewrite !skipn_length, !octal_prefix_length, !nth_skipn_add in A.
    rewrite <- !HG by lia. replace (n + p) with (q + p + (n - q)) by lia.
    replace n with (q + (n - q)) at 2 by lia. symmetry. apply A; lia.
Qed.

Theorem check_octal_sound code q p values pw qw :
  check_octal code q p values pw qw = true -> octal_claim code q p values.
Proof.
  intros H. apply check_octal_with_sound in H. cbv zeta in H.
  destruct H as [Hv [Hc H]]. apply nat_list_eqb_eq in Hv. rewrite <- Hv.
  split; assumption.
Qed.

Theorem check_octal_periodic_sound code q p pw qw :
  check_octal_periodic code q p pw qw = true -> octal_periodic_claim code q p.
Proof.
  intros H. apply check_octal_with_sound in H. cbv zeta in H.
  destruct H as [_ [Hc H]]. split; [exact Hc|]. intros g Hg. apply H, Hg.
Qed.

(** ** Certificates with binary numbers, as [nimcert export coq] writes them

    [o_values] is [Some] for an [Octal] claim (format 3) and [None] for an
    [OctalPeriodic] one (format 5).  [o_sparse] is the optional sparse hint
    (mask, position parity): it changes only how nimcheck computes the mex,
    never what (checker/src/octal.rs, "The sparse hint"), so this checker
    ignores it, except that nimcheck refuses a position parity other than
    0 or 1 before any work, and any hint on a code with three-heap splits
    (j = 3), and so does this one. *)
Record octal_cert := {
  o_code : list nat;               (* [d0; d1; ...; dt] *)
  o_preperiod : N;
  o_period : N;
  o_values : option (list N);
  o_period_witnesses : list (N * N);  (* (prime, position) *)
  o_preperiod_witness : option N;
  o_sparse : option (N * option N);   (* (mask, position parity) *)
}.

(** The longest L = 2(q + p) + t + 1 this checker computes for a code
    of two-heap splits: G on [0, L) costs about L^2 (t + 1) / 4 steps of
    the virtual machine on unary numbers (docs/FORMAL.md, "Octal games",
    measured).  [OCTAL_COQ_BOUND] in src/export/octal.rs is the same
    number. *)
Definition octal_bound : N := 4096.

(** The longest L = 3(q + p) + t + 1 for a code with three-heap splits:
    each digit with bit 8 lists about L^3/12 triples on [0, L).
    [OCTAL_COQ_BOUND_THREE] in src/export/octal.rs is the same number. *)
Definition octal_bound_three : N := 1024.

(** L = j(q + p) + t + 1 of a certificate. *)
Definition octal_cert_length (c : octal_cert) : N :=
  (N.of_nat (heaps (o_code c)) * (o_preperiod c + o_period c) +
   N.of_nat (length (o_code c)))%N.

(** The claims this checker decides: L within [octal_bound], or within
    [octal_bound_three] for a code with three-heap splits. *)
Definition octal_within_bound (c : octal_cert) : bool :=
  (octal_cert_length c <=?
     (if Nat.eqb (heaps (o_code c)) 3 then octal_bound_three else octal_bound))%N.

(** The hint nimcheck reads: none on a code with three-heap splits, and a
    position parity 0 or 1. *)
Definition sparse_ok (code : list nat) (s : option (N * option N)) : bool :=
  match s with
  | None => true
  | Some (_, f) =>
      negb (heaps code =? 3) &&
      match f with
      | Some f => (f <=? 1)%N
      | None => true
      end
  end.

(** A value of [octal_bound] or more is never G(n) for n < L (a Grundy
    value is at most n), so the claim is refused; this keeps [nats] of the
    values small.  Witnesses are read as in [Certificate]; p = 0 is refused
    (as by [check_octal]) before they are. *)
Definition check_octal_cert (c : octal_cert) : bool :=
  (* p > 0 first: the virtual machine evaluates a [let] at once, and
     [reduce_position] with p = 0 would convert a huge position to unary. *)
  if octal_within_bound c && (0 <? o_period c)%N then
    let q := o_preperiod c in
    let p := o_period c in
    let pw := map (fun w => (sat (fst w), reduce_position q p (snd w))) (o_period_witnesses c) in
    let qw := option_map sat (o_preperiod_witness c) in
    sparse_ok (o_code c) (o_sparse c) &&
    forallb (fun w => (snd w + N.div p (fst w) <? u64_limit)%N) (o_period_witnesses c) &&
    match o_values c with
    | Some vs =>
        forallb (fun v => (v <? octal_bound)%N) vs &&
        check_octal (o_code c) (N.to_nat q) (N.to_nat p) (nats vs) pw qw
    | None => check_octal_periodic (o_code c) (N.to_nat q) (N.to_nat p) pw qw
    end
  else false.

(** What an accepted certificate proves: its [Octal] or [OctalPeriodic]
    claim, about the code and the numbers it states. *)
Definition octal_cert_claim (c : octal_cert) : Prop :=
  let q := N.to_nat (o_preperiod c) in
  let p := N.to_nat (o_period c) in
  match o_values c with
  | Some values => octal_claim (o_code c) q p (nats values)
  | None => octal_periodic_claim (o_code c) q p
  end.

Theorem check_octal_cert_sound c : check_octal_cert c = true -> octal_cert_claim c.
Proof.
  unfold check_octal_cert, octal_cert_claim. intros H.
  destruct (octal_within_bound c && _); [|discriminate]. cbv zeta in H |- *.
  apply andb_true_iff in H as [_ H].
  destruct (o_values c) as [values|].
  - apply andb_true_iff in H as [_ H]. eapply check_octal_sound, H.
  - eapply check_octal_periodic_sound, H.
Qed.

(** The verdict for the differential test (tests/formal_octal.rs): 0
    accepted, 1 rejected, 3 beyond [octal_within_bound] (not decided). *)
Definition octal_verdict (c : octal_cert) : nat :=
  if octal_within_bound c then (if check_octal_cert c then 0 else 1) else 3.
