import { Picker } from 'antd-mobile';
import { useState } from 'react';
import { useQuestions } from '../api/security';

/** A field that opens the question list (users/safeQuestionList). */
export function QuestionPicker(props: { value?: number; onChange(id: number): void }) {
  const questions = useQuestions();
  const [open, setOpen] = useState(false);
  const current = questions.data?.find((q) => q.id === props.value);
  return (
    <>
      <button type="button" className="field-picker" onClick={() => setOpen(true)}>
        {current?.question ?? '请选择密保问题'}
      </button>
      <Picker
        visible={open}
        columns={[(questions.data ?? []).map((q) => ({ label: q.question, value: q.id }))]}
        value={props.value ? [props.value] : []}
        onClose={() => setOpen(false)}
        onConfirm={(v) => v[0] !== null && v[0] !== undefined && props.onChange(Number(v[0]))}
        confirmText="确定"
        cancelText="取消"
      />
    </>
  );
}
