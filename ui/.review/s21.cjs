const {start,BASE}=require('./lib.cjs'); const {openMulti,addLeg}=require('./vlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Vertical Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 const d=await openMulti(page);
 await addLeg(page,d,{strike:'230',instr:'BUY_TO_OPEN'});
 await shot('62-one-leg');
 await addLeg(page,d,{strike:'235',instr:'SELL_TO_OPEN'});
 await shot('63-two-legs');
 console.log(await d.innerText());
 await d.getByRole('button',{name:/check accounts/i}).click(); await page.waitForTimeout(2500);
 await page.mouse.move(683,400); await page.mouse.wheel(0,600); await page.waitForTimeout(400);
 await shot('64-vertical-check');
 await d.getByRole('button',{name:/place set/i}).click(); await page.waitForTimeout(3500);
 await shot('65-after-vertical-place');
 await done();
})();
