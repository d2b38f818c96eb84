/** Security questions offered by safeQuestionList (ids are stable: answers refer to them). */
export const SAFETY_QUESTIONS = [
  { id: 1, question: '您母亲的姓名是？' },
  { id: 2, question: '您父亲的姓名是？' },
  { id: 3, question: '您的出生地是？' },
  { id: 4, question: '您小学的校名是？' },
  { id: 5, question: '您最喜欢的电影是？' },
  { id: 6, question: '您的第一个宠物叫什么名字？' },
  { id: 7, question: '您配偶的生日是？' },
  { id: 8, question: '您最好的朋友叫什么名字？' },
] as const;

export const isQuestionId = (id: number) => SAFETY_QUESTIONS.some((q) => q.id === id);

/** Answers compare case- and space-insensitively. */
export const normaliseAnswer = (answer: string) => answer.trim().replace(/\s+/g, '').toLowerCase();
