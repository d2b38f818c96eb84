import { GRADE_LABELS, gradeTitle } from '../../../shared/locales/zh-CN';
import { useUserStore } from '../../../shared/stores/user';

const VIP_GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** /personal/personalGrade: the user's grade and the grade ladder of spec/platform.md §3. */
export default function PersonalGradePage() {
  const user = useUserStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="personal-grade">
      <section className="grade-hero">
        <span className="grade-hero-label">当前等级</span>
        <strong className="grade-hero-value">{gradeTitle(user.grade)}</strong>
        <span className="grade-hero-name">{user.nickName || user.userName}</span>
      </section>
      <section className="card">
        <h2 className="section-title">
          <span>等级说明</span>
        </h2>
        <ol className="grade-ladder">
          {VIP_GRADES.map((grade) => (
            <li key={grade} className={grade === user.grade ? 'current' : undefined}>
              <span className="grade-badge">VIP{grade}</span>
              <span className="grade-name">{GRADE_LABELS[grade]}</span>
              {grade === user.grade ? <span className="grade-mine">当前</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
